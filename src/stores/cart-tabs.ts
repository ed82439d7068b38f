// Keeping the tabs of one browser in step: a tab that saved a cart change tells the others (BroadcastChannel), so
// every tab shows the same cart; a reset (a locked or forgotten cart) travels the same way.
import type { PresentedCart } from '../domain/cart-schema.ts';

const CART_CHANNEL = 'app-cart';

export type CartMessage = { type: 'cart'; cart: PresentedCart } | { type: 'reset'; cartId: string | null };

export type CartChannel = { post(message: CartMessage): void; listen(onMessage: (message: CartMessage) => void): () => void };

/** The channel between this browser's tabs, or null where there is none. */
export function broadcastChannel(): CartChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(CART_CHANNEL);
  return {
    post: (message) => channel.postMessage(message),
    listen: (onMessage) => {
      const handler = (event: MessageEvent<CartMessage>) => onMessage(event.data);
      channel.addEventListener('message', handler);
      return () => channel.removeEventListener('message', handler);
    },
  };
}
