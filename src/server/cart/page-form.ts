// The cart's form posts to /winkelwagen/ (docs/api.md, "The cart without JavaScript"): the buy forms of the product
// pages (add, qty, opt, set) and the cart page's forms of a line (regel with actie aantal, opties or verwijderen).
// They go through the same rules as PUT and POST /api/carts/: the change is made on the stored cart by the pure cart
// rules of src/domain/cart.ts, sent as the same merge patch the islands send (applyChange of change.ts, with its
// limits and Dutch messages), inside storage.update, so a refused change leaves the stored cart as it was. A new cart
// costs the carts quota; in maintenance nothing changes (assertShopOpen).
import { z } from 'zod';
import {
  addItemAdjusted,
  EXCLUSIVE_OPTIONS,
  emptyCart,
  removeItem,
  setOptionAdjusted,
  setQuantity,
  shouldResetCart,
  type Cart,
  type CartOption,
} from '../../domain/cart.ts';
import { ITEM_KEY_PATTERN, newCartSchema, type CartChange } from '../../domain/cart-schema.ts';
import { ApiError } from '../../domain/errors.ts';
import { isStoredId } from '../../domain/ids.ts';
import { getCatalog } from '../content/catalog.ts';
import { assertShopOpen } from '../content/shop-mode.ts';
import { newId } from '../http/handler-helpers.ts';
import { checkQuota } from '../http/quotas.ts';
import { createGuestToken, type TokenClaims } from '../http/tokens.ts';
import { parseFormOr422, parseOr422 } from '../http/validation.ts';
import { now } from '../runtime/clock.ts';
import { getStorage } from '../storage/index.ts';
import type { StoredDocument } from '../storage/types.ts';
import { applyChange, cartExpiry } from './change.ts';
import { cartPatch } from '../../domain/cart-patch.ts';

const QTY_TEXT = 'Kies een aantal van 1 tot en met 10.';
const qty = z.coerce.number({ error: QTY_TEXT }).int(QTY_TEXT);
const id = (text: string) => z.coerce.number({ error: text }).int(text).positive(text).max(9_999_999_999, text);
const exclusive = z.enum(['', ...EXCLUSIVE_OPTIONS], { error: 'Kies hoe je het artikel wilt ontvangen.' });
const line = z.string().regex(ITEM_KEY_PATTERN, 'Dit artikel staat niet in je winkelwagen.');

const addSchema = z.object({
  add: id('Dit artikel bestaat niet.'),
  qty: qty.default(1),
  opt: exclusive.default(''),
  set: id('Deze set bestaat niet.').optional(),
});

const lineSchema = z.discriminatedUnion(
  'actie',
  [
    z.object({ actie: z.literal('aantal'), regel: line, qty }),
    z.object({ actie: z.literal('opties'), regel: line, opt: exclusive.default(''), garantie: z.literal('1').optional() }),
    z.object({ actie: z.literal('verwijderen'), regel: line }),
  ],
  { error: 'Deze actie is hier niet mogelijk.' },
);

export type PageCartPost = z.infer<typeof addSchema> | z.infer<typeof lineSchema>;

const FORM_TEXT = 'Niet alle gegevens zijn juist ingevuld.';

/** The post's fields, checked: an add (the buy forms) or a change of a line; 422 with Dutch messages otherwise. */
export function readCartPost(form: URLSearchParams): PageCartPost {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (!(name in fields)) fields[name] = value;
  if ('add' in fields) return parseFormOr422(addSchema, fields, FORM_TEXT);
  return parseFormOr422(lineSchema, fields, FORM_TEXT);
}

/** What a post did: the cart as stored, the token it belongs to (new when `newToken`), and the message to show. */
export type PageCartResult = { cart: StoredDocument<Cart>; token: string; newToken: boolean; message: string };

type Guest = { token: string; claims: TokenClaims } | null;

/** The merge patch that turns `base` into `target`, as the islands send it (always with `items`). */
function patchOf(base: Cart, target: Cart): CartChange {
  return { items: cartPatch(base, target).items ?? {} };
}

const lookup = (productId: number) => getCatalog().summaries.get(productId);

function nameOf(productId: number, combinationId?: number): string {
  const product = lookup(productId);
  const set = combinationId ? product?.combinations.find((c) => c.combinationId === combinationId) : undefined;
  return set?.name ?? (product ? `${product.brand} ${product.name}`.trim() : 'Het artikel');
}

/** The change a post makes to a cart, by the pure cart rules (throws their Dutch CartRuleError when refused). */
function target(cart: Cart, post: PageCartPost, at: Date): Cart {
  if ('add' in post) {
    const options = post.opt ? { [post.opt]: true } : {};
    return addItemAdjusted(cart, { productId: post.add, combinationId: post.set ?? null, qty: post.qty, options }, at, lookup).cart;
  }
  if (post.actie === 'verwijderen') return removeItem(cart, post.regel);
  if (!cart.items[post.regel])
    throw new ApiError(422, 'Dit artikel staat niet (meer) in je winkelwagen.', [
      { field: 'regel', errorMessage: 'Dit artikel staat niet (meer) in je winkelwagen.' },
    ]);
  if (post.actie === 'aantal') return setQuantity(cart, post.regel, post.qty);
  const current = cart.items[post.regel].options;
  let next = cart;
  const wanted: [CartOption, boolean][] = EXCLUSIVE_OPTIONS.map((o) => [o, post.opt === o]);
  wanted.push(['extraWarranty', post.garantie === '1']);
  // Switch off before switching on, so the exclusivity rule only ever sees the shopper's one choice.
  for (const [option, value] of wanted.sort(([, a], [, b]) => Number(a) - Number(b)))
    if (current[option] !== value) next = setOptionAdjusted(next, post.regel, option, value, lookup).cart;
  return next;
}

function messageOf(post: PageCartPost): string {
  if ('add' in post) {
    const name = nameOf(post.add, post.set);
    return post.qty === 1 ? `${name} is toegevoegd aan je winkelwagen.` : `${post.qty} × ${name} zijn toegevoegd aan je winkelwagen.`;
  }
  if (post.actie === 'verwijderen') return 'Het artikel is uit je winkelwagen verwijderd.';
  return post.actie === 'aantal' ? 'Het aantal is aangepast.' : 'Je keuze is opgeslagen.';
}

const gone = () => new ApiError(404, 'Je winkelwagen is niet (meer) gevonden. Leg het artikel opnieuw in je winkelwagen.');

/**
 * Applies a post to the cookie's cart (`cartId`, owned by `guest`). An add without a usable cart makes a new one,
 * with a new guest token when there was none; any other post needs the cart.
 */
export async function applyCartPost(
  post: PageCartPost,
  guest: Guest,
  cartId: string | null,
  clientAddress: string,
): Promise<PageCartResult> {
  await assertShopOpen();
  const at = now();
  const message = messageOf(post);
  const catalog = getCatalog();
  const storage = getStorage();
  if (guest && cartId && isStoredId(cartId)) {
    const { claims } = guest;
    const stored = await storage.get<Cart>('carts', cartId, at);
    // A cart of another token, or one the islands would drop (ordered, an emptied quote): an add starts a new one.
    if (stored && stored.owner === claims.sub && !shouldResetCart(stored.data)) {
      const cart = await storage.update<Cart>(
        'carts',
        cartId,
        (current) => {
          if (current.owner !== claims.sub) throw gone();
          const change = patchOf(current.data, target(current.data, post, at));
          return { data: applyChange(current.data, change, { role: claims.role, now: at, catalog }), expiresAt: cartExpiry(at) };
        },
        { now: at },
      );
      return { cart, token: guest.token, newToken: false, message };
    }
  }
  if (!('add' in post)) throw gone();
  const fresh = guest ?? createGuestToken(at);
  const base = emptyCart();
  const change = parseOr422(newCartSchema, patchOf(base, target(base, post, at)));
  await checkQuota('carts', { auth: fresh.claims, clientAddress });
  const cart = applyChange(base, change, { role: fresh.claims.role, now: at, catalog });
  const doc = await storage.insert<Cart>(
    { kind: 'carts', id: newId(), owner: fresh.claims.sub, data: cart, expiresAt: cartExpiry(at) },
    at,
  );
  return { cart: doc, token: fresh.token, newToken: guest === null, message };
}
