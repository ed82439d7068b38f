// The cart page /winkelwagen/ (SPEC §2): the empty state, the item lines, the totals block, and in quote mode the
// quote reference with when checkout is possible. A link /winkelwagen/?add={productId}&qty=…&opt=… (the buy
// box's form sent before its island loaded), or with &set={combinationId} a set of that product, adds it first.
import { isStoredId } from '../domain/ids.ts';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { cartMode, itemsInAddOrder } from '../domain/cart-queries.ts';
import { $cart, $cartError, $cartNotice, $cartPending, $cartStatus, addProductById, startCart, type ShownCart } from '../stores/cart.ts';
import { $cartLines, enableLocalTotals, type CartTotalsSettings } from '../stores/cart-totals.ts';
import CartItemRow from './CartItemRow.tsx';
import { CartNoticeText } from './CartNotice.tsx';
import CartTotals from './CartTotals.tsx';
import CartPriceChanges, { useShownPriceChanges } from './CartPriceChanges.tsx';
import StaffCartGate from './staff/StaffCartGate.tsx';
import { CartIsland } from './IslandBoundary.tsx';
import type { SupportContact } from './support-contact.ts';
import type { PickupStore } from '../domain/pickup-stores.ts';
import { readBuyFields } from '../stores/early-buy.ts';
import { staffSignedIn } from '../client/staff-keys.ts';
import './cart.css';
import { showShopMode } from '../client/shop-mode.ts';

// Loaded when the shopper opens it: the cart page carries none of the form up front.
const QuoteRequestForm = lazy(() => import('./QuoteRequestForm.tsx'));
// Quote mode and the remote cart, loaded only when a link or a button asks for them.
const cartQuote = () => import('../stores/cart-quote.ts');
const setQuote = (quoteId: string | null, signature?: string) => void cartQuote().then((m) => m.setQuote(quoteId, signature));
// Shown in quote mode only: a cart in cart mode loads none of it.
const QuoteBlock = lazy(() => import('./QuoteBlock.tsx'));

// The server snapshot must be the same object every time, or React warns (and may loop) during hydration.
const NO_LINES = {};
const noLines = () => NO_LINES;

type Props = {
  settings: CartTotalsSettings;
  support: SupportContact;
  /** The stores staff may choose for the order's pick-up (content/stores/, staffPickup). */
  pickupStores: readonly PickupStore[];
};

/** Takes an ?add= request off the address (so a reload does not add it again) and adds it. */
function addFromAddress(): void {
  const url = new URL(window.location.href);
  const productId = Number(url.searchParams.get('add'));
  if (!url.searchParams.has('add')) return;
  const { qty, options, combinationId } = readBuyFields(url.searchParams as unknown as Iterable<[string, string]>);
  for (const name of ['add', 'qty', 'opt', 'set']) url.searchParams.delete(name);
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  if (Number.isSafeInteger(productId) && productId > 0) void addProductById(productId, qty, options, combinationId);
}

/**
 * Takes a customer's cart link (?winkelwagen={cartId}, from the back office) off the address and opens that cart: only
 * in a browser where staff are signed in, so that a link cannot make a shopper's page forget their own cart.
 */
function remoteCartFromAddress(): boolean {
  const url = new URL(window.location.href);
  const cartId = url.searchParams.get('winkelwagen');
  if (!cartId) return false;
  url.searchParams.delete('winkelwagen');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  if (!staffSignedIn() || !isStoredId(cartId)) return false;
  void cartQuote().then((m) => m.openCart(cartId));
  return true;
}

/** Takes a quote link (?offerte={quoteId}&t={signature}, from the quote's e-mail) off the address and loads the quote. */
function quoteFromAddress(): void {
  const url = new URL(window.location.href);
  const quoteId = url.searchParams.get('offerte');
  if (!quoteId) return;
  const signature = url.searchParams.get('t') ?? undefined;
  for (const name of ['offerte', 't']) url.searchParams.delete(name);
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  if (isStoredId(quoteId)) setQuote(quoteId, signature);
}

/** "Offerte aanvragen": a button that opens the request form (loaded on demand). */
function QuoteRequest({ cart }: { cart: ShownCart }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <p className="quote-request-open">
        Liever eerst een offerte, bijvoorbeeld voor een hele keuken of een zakelijke bestelling?{' '}
        <button type="button" className="btn secondary" onClick={() => setOpen(true)}>
          Offerte aanvragen
        </button>
      </p>
    );
  return (
    <Suspense fallback={<p aria-busy="true">Het formulier wordt geladen…</p>}>
      <QuoteRequestForm cart={cart} onClose={() => setOpen(false)} />
    </Suspense>
  );
}

function CartView({ pickupStores }: { pickupStores: readonly PickupStore[] }) {
  const cart = useStore($cart, { ssr: 'initial' });
  const status = useStore($cartStatus, { ssr: 'initial' });
  const pending = useStore($cartPending, { ssr: 'initial' });
  const error = useStore($cartError, { ssr: 'initial' });
  const lines = useStore($cartLines, { ssr: noLines });
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const notice = useStore($cartNotice, { ssr: 'initial' });
  const priceChanges = useShownPriceChanges(cart?.priceChanges, pending);
  // A notice is said below the line it is about; one whose line is gone (an add that was undone) is said here, and
  // so are the items whose price changed since the shopper was shown it.
  const message = (
    <p className="cart-message" role="status" aria-live="polite" tabIndex={-1}>
      {error && <span className="field-error">{error}</span>}
      {notice && !cart?.items[notice.key] && <CartNoticeText />}
      <CartPriceChanges changes={priceChanges} />
    </p>
  );

  const items = cart ? itemsInAddOrder(cart.items) : [];
  if (items.length === 0) {
    if (status !== 'ready' || pending)
      return (
        <>
          <h1>Winkelwagen</h1>
          {/* Not in the server's HTML: without JavaScript it would say "loading" forever (the page's <noscript> speaks). */}
          {mounted && <p aria-busy="true">Je winkelwagen wordt geladen…</p>}
          {message}
        </>
      );
    return (
      <>
        <h1>Je winkelwagen is leeg</h1>
        {message}
        <p>Kijk rustig rond in ons assortiment: alles wat je in je winkelwagen legt, vind je hier terug.</p>
        <p className="btns">
          <a className="btn" href="/productgroepen/">
            Bekijk alle productgroepen
          </a>
        </p>
      </>
    );
  }

  return (
    <>
      <h1>Winkelwagen</h1>
      {message}
      {cartMode(cart!) === 'quote' && (
        <Suspense fallback={null}>
          <QuoteBlock cart={cart!} pending={pending} />
        </Suspense>
      )}
      <div className="cart-layout">
        <ul className="cart-items" aria-label="Artikelen in je winkelwagen">
          {items.map(([key, item]) => (
            <CartItemRow
              key={key}
              itemKey={key}
              item={item}
              product={cart!.products?.[item.productId]}
              line={lines[key]}
              products={cart!.products}
            />
          ))}
        </ul>
        <CartTotals cart={cart!} pending={pending} />
      </div>
      {cart?.cartId && (
        <p className="hint cart-number">
          Hulp nodig bij je bestelling? Noem je winkelwagennummer <strong>{cart.cartId}</strong> als je ons belt, dan kijken we met je mee.
        </p>
      )}
      <StaffCartGate cart={cart!} pickupStores={pickupStores} />
      {cartMode(cart!) === 'cart' && <QuoteRequest cart={cart!} />}
    </>
  );
}

export default function CartPage({ settings, support, pickupStores }: Props) {
  useEffect(() => void showShopMode(), []);
  useEffect(() => {
    enableLocalTotals(settings);
    if (!remoteCartFromAddress()) startCart();
    else startCart({ load: false });
    addFromAddress();
    quoteFromAddress();
  }, [settings]);
  return (
    <CartIsland support={support}>
      <CartView pickupStores={pickupStores} />
    </CartIsland>
  );
}
