// POST /api/carts/, GET and PUT /api/carts/{cartId}/ (SPEC §6-7). PUT with `submit` places the order through the
// placeOrder of orders/checkout.ts, which the route table hands in (DESIGN §3 "Placing an order").
import { LRUCache } from 'lru-cache';
import { emptyCart, type Cart } from '../../domain/cart.ts';
import { cartChangeSchema, newCartSchema, type CartChange, type QuoteRef } from '../../domain/cart-schema.ts';
import { ApiError } from '../../domain/errors.ts';
import { getCatalog, type Catalog } from '../content/catalog.ts';
import { priceChangesMessage, type PriceChange } from '../../domain/price-changes.ts';
import { priceChangesIn, withLivePricesSeen } from './prices-seen.ts';
import { applyChange, cartExpiry } from './change.ts';
import { presentCart } from './present.ts';
import { now } from '../runtime/clock.ts';
import type { ApiRequest, Handler } from '../http/context.ts';
import { ApiReply, fail, json, jsonHeaders } from '../http/reply.ts';
import { LIMITS } from '../runtime/limits.ts';
import type { TokenClaims } from '../http/tokens.ts';
import { checkQuota } from '../http/quotas.ts';
import { getStorage } from '../storage/index.ts';
import type { DocumentHead, StoredDocument } from '../storage/types.ts';
import { parseOr422 } from '../http/validation.ts';
import { assertOwner, idParam, newId, objectBody, requireAuth } from '../http/handler-helpers.ts';
import { getQuoteDocument, loadProblem, quoteSignatureValid, recordOpened } from '../quotes/quote-store.ts';
import { can } from '../../domain/capabilities.ts';

/** Thrown by a mutator to leave the stored cart as it is. */
class Unchanged extends Error {
  readonly doc: StoredDocument<Cart>;
  constructor(doc: StoredDocument<Cart>) {
    super('unchanged');
    this.doc = doc;
  }
}

function etag(version: number): string {
  return `"v${version}"`;
}

/** The version of an If-Match header ("v3", v3 or 3); undefined without the header, 409 when unreadable. */
function expectedVersion(request: ApiRequest): number | undefined {
  const header = request.headers.get('if-match');
  if (header === null || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"?v?(\d{1,9})"?\s*$/.exec(header);
  if (!match)
    throw new ApiError(409, 'De versie in If-Match kon niet worden gelezen.', [
      { field: 'If-Match', errorMessage: 'Stuur de ETag van de winkelwagen.' },
    ]);
  return Number(match[1]);
}

// The JSON of a presented cart depends only on the stored version, the catalogue and the minute (the delivery
// calendar). The catalogue changes with the live feed (src/server/catalog/live.ts): every merge puts a new catalogue
// object in place (replaceCatalogProducts), and an entry rendered from another one is not served. The answer (bytes
// and headers) is kept per cart for the current minute, so
// GET of an unchanged cart costs one small storage read (storage.version: version and owner, no data) and no
// parsing or rendering. Every write raises the version, so a stale entry is never served; the version is read
// from storage on every request, so this holds with several processes on one database as well. The cache is bounded
// by the bytes it holds (CART_CACHE_BYTES), least recently used answers first out: a count would let a few huge carts
// take hundreds of megabytes.
type RenderedCart = {
  version: number;
  owner: string;
  minute: number;
  catalog: Catalog;
  headers: Readonly<Record<string, string>>;
  body: Buffer;
};
/** The entry object, its headers and the map's bookkeeping, besides the body bytes and the key. */
const RENDERED_OVERHEAD_BYTES = 512;
const rendered = new LRUCache<string, RenderedCart>({
  maxSize: Math.max(1, LIMITS.cache.renderedCartBytes),
  sizeCalculation: (entry, key) => entry.body.length + key.length * 2 + entry.owner.length * 2 + RENDERED_OVERHEAD_BYTES,
});

function minuteOf(at: Date): number {
  return Math.floor(at.getTime() / 60_000);
}

/** Whether a kept answer was rendered from this version and owner, in this minute, from the catalogue as it is now. */
function current(entry: RenderedCart | undefined, head: Pick<DocumentHead, 'version' | 'owner'>, at: Date): entry is RenderedCart {
  return (
    entry !== undefined &&
    entry.version === head.version &&
    entry.owner === head.owner &&
    entry.minute === minuteOf(at) &&
    entry.catalog === getCatalog()
  );
}

function renderedCart(doc: StoredDocument<Cart>, at: Date): RenderedCart {
  let entry = rendered.get(doc.id);
  if (!current(entry, doc, at)) {
    const catalog = getCatalog();
    const body = Buffer.from(`{"data":${JSON.stringify(presentCart(doc, catalog, at))}}`, 'utf8');
    const headers = jsonHeaders({ etag: etag(doc.version) });
    entry = { version: doc.version, owner: doc.owner, minute: minuteOf(at), catalog, headers, body };
    rendered.set(doc.id, entry);
  }
  return entry;
}

/** The kept answer for this cart, when it is still current (see `current`). */
function keptCart(head: DocumentHead, at: Date): RenderedCart | null {
  const entry = rendered.get(head.id);
  return current(entry, head, at) ? entry : null;
}

function cartResponse(doc: StoredDocument<Cart>, status = 200, extra: Record<string, unknown> | null = null): ApiReply {
  const at = now();
  if (extra) return json({ ...presentCart(doc, getCatalog(), at), ...extra }, status, { etag: etag(doc.version) });
  const entry = renderedCart(doc, at);
  return new ApiReply(status, entry.headers, entry.body);
}

/**
 * The quote a change refers to, checked: staff may load any quote; a shopper a sent, valid quote that is theirs, or
 * whose signed link they hold (the e-mail's link, `quoteRef.signature`), or that they loaded by its link before (to
 * restore it after a change). Opening by the link is recorded on the quote.
 */
async function quoteFor(change: CartChange, request: ApiRequest): Promise<QuoteRef | null> {
  const quoteId = change.quoteRef?.quoteId;
  if (!quoteId) return null;
  const claims = requireAuth(request);
  const at = now();
  const doc = await getQuoteDocument(quoteId, at);
  if (!doc)
    throw new ApiError(422, 'Deze offerte bestaat niet.', [{ field: 'quoteRef.quoteId', errorMessage: 'Deze offerte bestaat niet.' }]);
  if (!can(claims.role, 'editQuotes')) {
    const signed = quoteSignatureValid(quoteId, change.quoteRef?.signature);
    if (!signed && doc.owner !== claims.sub && !doc.data.openedBy?.includes(claims.sub)) throw fail.forbidden();
    const problem = loadProblem(doc.data, at);
    if (problem) throw new ApiError(422, problem, [{ field: 'quoteRef.quoteId', errorMessage: problem }]);
    if (signed) await recordOpened(quoteId, claims.sub, at);
  }
  return { quoteId: doc.id, items: doc.data.items, discountTotal: doc.data.discountTotal };
}

export const createCart: Handler = async (request) => {
  const claims = requireAuth(request);
  const change = parseOr422(newCartSchema, objectBody(request));
  await checkQuota('carts', request);
  const quote = await quoteFor(change, request);
  const at = now();
  const base: Cart = { ...emptyCart(), userId: can(claims.role, 'signedIn') ? claims.sub : 'guest' };
  const cart = applyChange(base, { ...change, submit: undefined }, { role: claims.role, now: at, catalog: getCatalog(), quote });
  const cartId = newId();
  const doc = await getStorage().insert<Cart>({ kind: 'carts', id: cartId, owner: claims.sub, data: cart, expiresAt: cartExpiry(at) }, at);
  return json({ cartId, version: doc.version }, 201, { etag: etag(doc.version), location: `/api/carts/${cartId}/` });
};

export const getCart: Handler = async (request) => {
  const claims = requireAuth(request);
  const cartId = idParam(request, 'cartId');
  const storage = getStorage();
  const at = now();
  // Version and owner first: the owner check runs on every request, and an unchanged cart is answered from the
  // kept bytes without reading or parsing the stored document.
  const head = await storage.version('carts', cartId, at);
  if (!head) throw fail.notFound('Deze winkelwagen bestaat niet (meer).');
  assertOwner(claims, head);
  const kept = keptCart(head, at);
  if (kept) return new ApiReply(200, kept.headers, kept.body);
  const doc = await storage.get<Cart>('carts', cartId, at);
  if (!doc) throw fail.notFound('Deze winkelwagen bestaat niet (meer).');
  assertOwner(claims, doc);
  return cartResponse(doc);
};

/** What placing an order answers: the locked cart, the order and where to pay (orders/checkout.ts). */
export type PlacedCart = { cart: StoredDocument<Cart>; orderId: string; orderRef: string; paymentUrl: string | null };

/** Places the order of a cart whose changes this request saved (`saved`, or null when it changed nothing). */
export type PlaceOrder = (
  cartId: string,
  claims: TokenClaims,
  saved: StoredDocument<Cart> | null,
  expectedVersion: number | undefined,
) => Promise<PlacedCart>;

/**
 * PUT /api/carts/{cartId}/: saves a change and, with `submit`, places the order through `placeOrder` (handed in by
 * the route table, so that orders/ builds on the cart and the cart does not import orders/).
 */
export const updateCart =
  (placeOrder: PlaceOrder): Handler =>
  async (request) => {
    const claims = requireAuth(request);
    const cartId = idParam(request, 'cartId');
    const change = parseOr422(cartChangeSchema, objectBody(request));
    const version = expectedVersion(request);
    const quote = await quoteFor(change, request);
    const { submit, ...fields } = change;
    // The changes are saved first, so a shopper placing the order who gets field errors keeps them.
    const saved = Object.keys(fields).length > 0 || !submit ? await saveChange(cartId, claims, fields, quote, version) : null;
    if (!submit) return cartResponse(saved!);
    const doc = saved ?? (await getStorage().get<Cart>('carts', cartId, now()));
    if (!doc) throw fail.notFound('Deze winkelwagen bestaat niet (meer).');
    assertOwner(claims, doc);
    // Never an order at a price the shopper was not shown: checked against the catalogue placeOrder takes, in the
    // same turn of the event loop (placeOrder reads getCatalog() before its first await).
    const changes = doc.data.locked ? [] : priceChangesIn(doc.data, getCatalog());
    if (changes.length > 0) return refusePriceChanges(doc, changes, claims, saved ? undefined : version);
    const placed = await placeOrder(cartId, claims, saved, version);
    return cartResponse(placed.cart, 200, { orderRef: placed.orderRef, orderId: placed.orderId, paymentUrl: placed.paymentUrl });
  };

/**
 * 409 for an order whose prices changed since the shopper was shown them: nothing is ordered, the live prices are
 * recorded as seen (this answer shows them, with the new totals under `data`), so the next submit goes through at
 * those prices unless they change again.
 */
async function refusePriceChanges(
  doc: StoredDocument<Cart>,
  changes: readonly PriceChange[],
  claims: TokenClaims,
  version: number | undefined,
): Promise<ApiReply> {
  const at = now();
  const catalog = getCatalog();
  const seen = await getStorage()
    .update<Cart>(
      'carts',
      doc.id,
      (stored) => {
        assertOwner(claims, stored);
        const next = withLivePricesSeen(stored.data, catalog);
        if (next === stored.data) throw new Unchanged(stored);
        return { data: next };
      },
      { now: at, expectedVersion: version },
    )
    .catch((error: unknown) => {
      if (error instanceof Unchanged) return error.doc;
      throw error;
    });
  const message = priceChangesMessage(changes);
  const data = { ...presentCart(seen, catalog, at), priceChanges: changes };
  return new ApiReply(409, jsonHeaders({ etag: etag(seen.version) }), JSON.stringify({ failed: true, message, errors: [], data }));
}

/** Applies a change to the stored cart; the cart as it is when nothing changed (no write, no new version). */
async function saveChange(
  cartId: string,
  claims: TokenClaims,
  fields: Omit<CartChange, 'submit'>,
  quote: QuoteRef | null,
  version: number | undefined,
): Promise<StoredDocument<Cart>> {
  const at = now();
  try {
    return await getStorage().update<Cart>(
      'carts',
      cartId,
      (current) => {
        assertOwner(claims, current);
        const next = applyChange(current.data, fields, { role: claims.role, now: at, catalog: getCatalog(), quote });
        // Nothing changed: no write, no new version (and the expiry runs from the last real change).
        if (JSON.stringify(next) === JSON.stringify(current.data)) throw new Unchanged(current);
        return { data: next, expiresAt: cartExpiry(at) };
      },
      { now: at, expectedVersion: version },
    );
  } catch (error) {
    if (!(error instanceof Unchanged)) throw error;
    return error.doc;
  }
}
