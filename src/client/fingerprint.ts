// The visitor's fingerprint (SPEC §3 userFingerprint): 28 random letters and digits made in the browser and kept
// in localStorage, so one browser keeps one fingerprint across visits.
import { safeStorage, type StringStorage } from './local-events.ts';

const FINGERPRINT_LENGTH = 28;
export const FINGERPRINT_KEY = 'app-local-fingerprint';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// 248 = 4 × 62: bytes from 248 up are thrown away, so every character is equally likely (no modulo bias).
const LIMIT = 256 - (256 % ALPHABET.length);

export type RandomSource = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array;

const cryptoRandom: RandomSource = (bytes) => crypto.getRandomValues(bytes);

export function createFingerprint(random: RandomSource = cryptoRandom): string {
  let result = '';
  while (result.length < FINGERPRINT_LENGTH) {
    for (const byte of random(new Uint8Array(FINGERPRINT_LENGTH))) {
      if (byte < LIMIT && result.length < FINGERPRINT_LENGTH) result += ALPHABET[byte % ALPHABET.length];
    }
  }
  return result;
}

const isFingerprint = (value: unknown): value is string =>
  typeof value === 'string' && new RegExp(`^[A-Za-z0-9]{${FINGERPRINT_LENGTH}}$`).test(value);

/** The stored fingerprint, made and stored on first use. Without storage a fresh one is made each time. */
export function getFingerprint(storage: StringStorage | null = safeStorage(), random?: RandomSource): string {
  const stored = storage?.getItem(FINGERPRINT_KEY);
  if (isFingerprint(stored)) return stored;
  const fingerprint = createFingerprint(random);
  try {
    storage?.setItem(FINGERPRINT_KEY, fingerprint);
  } catch {
    // Storage full or blocked: the fingerprint then lasts for this page only.
  }
  return fingerprint;
}
