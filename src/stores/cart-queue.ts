// The cart store's requests (SPEC §4, §7). Changes are sent one request at a time per tab. Changes made while a
// request is on its way wait and are sent together as one merge patch computed against the server's answer, so
// ten quick clicks on + give one or two requests and the shopper ends with what the server holds. Quantities are
// sent as absolute values. A change the server refuses is rolled back with a Dutch message, and so are the changes
// that waited behind it (they were made on top of it).
import {
  emptyCart,
  itemsBefore,
  type Cart,
  type CartItem,
  type CartUpdate,
  type OptionAdjustment,
  type ProductLookup,
} from '../domain/cart.ts';
import type { CartProduct, FieldChanges, PlacedOrder, PresentedCart } from '../domain/cart-schema.ts';
import { ApiError } from '../domain/errors.ts';
import type { CartAdd } from './cart-journal-schema.ts';
import { errorMessage, messages, toApiError } from './cart-errors.ts';
import { cartPatch, isEmptyPatch, newCartBody, type CartPatch } from '../domain/cart-patch.ts';
import { clearForbidden, countForbidden } from './ui.ts';

export type CartResult = { ok: true; cart: PresentedCart | null; order?: PlacedOrder } | { ok: false; error: ApiError; message: string };

/** What a saved change did besides what was asked, against the cart it was sent on top of. */
export type OpEffect = {
  /** Options the rules switched off on their own (src/domain/cart.ts). */
  adjustments: OptionAdjustment[];
  /** The items the change touched, as they were before it (null: it added the item), to undo it with. */
  previous: Record<string, CartItem | null>;
};

/** One change of the shopper, waiting to be saved. */
export type Op = {
  /** The change, by the cart rules; `products` knows every product of the cart and of the waiting adds. */
  apply: (cart: Cart, products: ProductLookup) => Cart;
  /** The same change with the adjustments it makes; when given, the request is built with it and `onSaved` gets
   *  its effect on the cart the server held. */
  explain?: (cart: Cart, products: ProductLookup) => CartUpdate;
  fields?: FieldChanges;
  /** Products this change brings into the cart (shown before the server sends them). */
  products?: Record<string, CartProduct>;
  submit?: boolean;
  /** Price changes the page showed, acknowledged as seen (item key → the new unit price in cents). */
  seenPrices?: Record<string, number>;
  /** Sent again once on a new cart when the old one was gone (401/404). */
  retried?: boolean;
  resolve: (result: CartResult) => void;
  onSaved?: (cart: PresentedCart, effect?: OpEffect) => void;
  /** An add made before the cart was loaded, kept as such in the journal of unsaved changes. */
  add?: CartAdd;
};

/** What the queue needs of the store around it. */
export type QueueHost = {
  /** The server's last cart, or null. */
  confirmed(): PresentedCart | null;
  /** Waits for a load under way, and loads the cookie's cart when it is not loaded yet. */
  ensureLoaded(): Promise<void>;
  /** POST /api/carts/ with the body, then the new cart (its id is in the cookie from then on). */
  create(body: CartPatch): Promise<PresentedCart>;
  /** PUT /api/carts/{id}/ with the patch; the answer carries the order when the patch submits. */
  update(cartId: string, patch: CartPatch): Promise<PresentedCart & Partial<PlacedOrder>>;
  /** Reads the cart again (after a conflict); a failure is the caller's to ignore. */
  refetch(cartId: string): Promise<void>;
  /** Takes a cart the server answered with. */
  accept(cart: PresentedCart): void;
  /** Forgets the cart (cookie, state, other tabs). */
  forget(): void;
  renewToken(): Promise<unknown>;
  /** Shows the cart as it is now. */
  render(): void;
  setError(message: string | null): void;
};

/** Every product the base cart and the changes know, by id. */
function knownProducts(base: Cart & { products?: Record<string, CartProduct> }, ops: readonly Op[]): Record<string, CartProduct> {
  return Object.assign({}, base.products, ...ops.map((op) => op.products));
}

export function createRequestQueue(host: QueueHost) {
  let inflight: Op[] = [];
  let queued: Op[] = [];
  let running: Promise<void> | null = null;

  function fail(batch: Op[], error: ApiError, message: string): void {
    for (const op of batch) op.resolve({ ok: false, error, message });
  }

  async function handleError(batch: Op[], thrown: unknown): Promise<void> {
    const error = toApiError(thrown);
    if (error.code === 401 || error.code === 404) {
      clearForbidden();
      if (error.code === 401) await host.renewToken();
      inflight = [];
      host.forget();
      // The changes are kept and made once more on a new cart (an add should not get lost to an expired cart).
      const again = batch.filter((op) => !op.retried && !op.submit && !op.fields);
      for (const op of again) op.retried = true;
      fail(
        batch.filter((op) => !again.includes(op)),
        error,
        messages.gone,
      );
      if (again.length > 0) queued.unshift(...again);
      else host.setError(messages.gone);
      return;
    }
    let message: string = messages.failed;
    if (error.code === 403) {
      countForbidden();
      message = messages.forbidden;
    } else {
      clearForbidden();
      if (error.code === 409) {
        // Locked or changed elsewhere: the server's cart decides (a locked one is reset).
        const cartId = host.confirmed()?.cartId;
        if (cartId) await host.refetch(cartId).catch(() => undefined);
        message = host.confirmed() ? error.summary : messages.locked;
      } else if (error.code === 422 || error.code === 400 || error.code === 503) message = errorMessage(error);
    }
    const dropped = [...batch, ...queued.splice(0)];
    inflight = [];
    host.render();
    host.setError(message);
    fail(dropped, error, message);
  }

  async function send(batch: Op[]): Promise<void> {
    try {
      await host.ensureLoaded();
      const confirmed = host.confirmed();
      const base: Cart = confirmed ?? emptyCart();
      const products = knownProducts(confirmed ?? emptyCart(), batch);
      let target = base;
      const applied: Op[] = [];
      const effects = new Map<Op, OpEffect>();
      const fields: FieldChanges = {};
      for (const op of batch) {
        try {
          if (op.explain) {
            const before = target;
            const update = op.explain(target, products);
            target = update.cart;
            effects.set(op, { adjustments: update.adjustments, previous: itemsBefore(before, target) });
          } else target = op.apply(target, products);
          Object.assign(fields, op.fields);
          applied.push(op);
        } catch (thrown) {
          const error = toApiError(thrown);
          host.setError(errorMessage(error));
          op.resolve({ ok: false, error, message: errorMessage(error) });
        }
      }
      if (applied.length === 0) return;
      const submit = applied.some((op) => op.submit);
      let cart: PresentedCart;
      let order: PlacedOrder | undefined;
      if (!confirmed) {
        if (Object.keys(target.items).length === 0) {
          const error = new ApiError(422, messages.noCart, [{ field: 'items', errorMessage: messages.noCart }]);
          fail(applied, error, messages.noCart);
          return;
        }
        cart = await host.create(newCartBody(target, fields));
      } else {
        const patch = cartPatch(base, target, fields);
        const seenPrices = Object.assign({}, ...applied.map((op) => op.seenPrices)) as Record<string, number>;
        if (Object.keys(seenPrices).length > 0) patch.seenPrices = seenPrices;
        if (submit) patch.submit = true;
        if (isEmptyPatch(patch)) {
          for (const op of applied) op.resolve({ ok: true, cart: confirmed });
          return;
        }
        const answer = await host.update(confirmed.cartId, patch);
        if (submit && answer.orderRef && answer.orderId)
          order = { orderId: answer.orderId, orderRef: answer.orderRef, paymentUrl: answer.paymentUrl ?? null };
        cart = answer;
      }
      clearForbidden();
      inflight = [];
      host.accept(cart);
      for (const op of applied) {
        op.onSaved?.(cart, effects.get(op));
        op.resolve({ ok: true, cart: host.confirmed(), ...(order ? { order } : {}) });
      }
    } catch (thrown) {
      await handleError(batch, thrown);
    }
  }

  /** Sends what waits, one request at a time, until nothing waits. */
  function pump(): Promise<void> {
    running ??= (async () => {
      try {
        while (queued.length > 0) {
          // A submit goes alone with what came before it; later changes wait for the next request.
          const submitAt = queued.findIndex((op) => op.submit);
          inflight = queued.splice(0, submitAt < 0 ? queued.length : submitAt + 1);
          await send(inflight);
          inflight = [];
          host.render();
        }
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    /** The changes not saved yet, oldest first. */
    pending: (): Op[] => [...inflight, ...queued],
    /** Queues a change and starts sending. */
    push(op: Op): void {
      queued.push(op);
      host.render();
      void pump();
    },
    /** Drops the changes that have not been sent. */
    clear(): void {
      queued = [];
    },
    /** The sending under way, if any. */
    running: (): Promise<void> | null => running,
  };
}
