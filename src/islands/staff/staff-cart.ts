// Plain helpers of the cart's staff options, apart from React so they can be tested on their own.
import { parseEuro } from '../../domain/money.ts';

/**
 * A discount typed in the staff field as cents: "25", "25,5", "1.299,00", or "" (nothing: 0); null for anything
 * else. A point only groups thousands there, so "12.5" is refused rather than guessed.
 */
export function parseEuros(text: string): number | null {
  return text.trim() === '' ? 0 : parseEuro(text, { point: 'thousands' });
}
