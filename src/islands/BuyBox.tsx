// The buy box of a product page: quantity 1..10, how the shopper wants to receive it (delivery, assembly, extra
// service or pickup with its discount; one of them, as the cart rules allow), the price of each choice, and the
// add button.
// Price, stock notice and the contact buttons around it are static HTML of the page. After hydration the island asks
// once for the product's time-sensitive data (price, discounts, stock, first delivery day: src/client/live-prices.ts),
// writes it into that HTML and the sticky buy bar in place (src/client/live-dom.ts) and adds from it.
//
// The server renders a real form that posts add, qty and opt to /winkelwagen/, which adds to the cart of the
// guest-token cookie (src/server/cart/page-form.ts): without JavaScript the button still adds and leads to the cart.
// A submit made before this island has hydrated is kept by a tiny inline script of the page and added here
// (src/stores/early-buy.ts), so the first click is never lost.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { EXCLUSIVE_OPTIONS, MAX_QTY_PER_ITEM, type CartItemOptions } from '../domain/cart.ts';
import { isFixedOption, offersOption } from '../domain/product-options.ts';
import { DELIVERY_TYPE_LABELS } from '../domain/texts.ts';
import { readBuyFields, takeEarlyBuys } from '../stores/early-buy.ts';
import { formatEuro } from '../domain/money.ts';
import { formatCharge, formatDiscount, pickUpDiscount, servicePrice } from '../domain/services.ts';
import { $cartError, $cartPending, addToCart, startCart, type CartProduct } from '../stores/cart.ts';
import { CartIsland } from './IslandBoundary.tsx';
import type { SupportContact } from './support-contact.ts';
import { CartNoticeText } from './CartNotice.tsx';
import { fetchLive } from '../client/live-prices.ts';
import { applyLiveAll } from '../client/live-dom.ts';
import { refineDeliveryPromises } from '../client/delivery-promise.ts';
import { showShopMode } from '../client/shop-mode.ts';
import './cart.css';

type Choice = (typeof EXCLUSIVE_OPTIONS)[number] | 'none';

/** The form's id: the phone's sticky buy bar (src/components/StickyBuyBar.astro) submits it with form="buy-form". */
const BUY_FORM_ID = 'buy-form';

const choiceLabels: Record<Choice, string> = {
  none: DELIVERY_TYPE_LABELS.default,
  assembly: DELIVERY_TYPE_LABELS.assembly,
  extraService: DELIVERY_TYPE_LABELS.extraService,
  pickUpDiscount: DELIVERY_TYPE_LABELS.pickUp,
};

/** What a choice costs, or null when the product does not offer it (the cart rules' offersOption decides). */
function choicePrice(product: CartProduct, choice: Choice): string | null {
  if (choice === 'none') return '';
  if (!offersOption(product, choice)) return null;
  if (choice === 'pickUpDiscount') return formatDiscount(pickUpDiscount(product), { worded: true, perUnit: true });
  return formatCharge(servicePrice(product, choice), { added: true });
}

type Props = { product: CartProduct; support: SupportContact };

/** The product with the live price, discounts, stock and expiry once known; the page's HTML gets them as well. */
function useLiveProduct(built: CartProduct, support: SupportContact): CartProduct {
  const [product, setProduct] = useState(built);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the built product of a page never changes
  useEffect(() => {
    const controller = new AbortController();
    void refineDeliveryPromises(controller.signal);
    void showShopMode(controller.signal);
    void fetchLive([built.productId], controller.signal).then((found) => {
      const live = found.get(built.productId);
      if (!live || controller.signal.aborted) return;
      applyLiveAll(found, support);
      const { label: _label, ...stock } = live.stock;
      setProduct({ ...built, price: live.price, discounts: live.discounts, stock, expired: live.expired });
    });
    return () => controller.abort();
  }, []);
  return product;
}

function BuyForm({ product: built, support }: Props) {
  const product = useLiveProduct(built, support);
  const id = useId();
  const pending = useStore($cartPending, { ssr: 'initial' });
  const error = useStore($cartError, { ssr: 'initial' });
  const choices = (['none', ...EXCLUSIVE_OPTIONS] as Choice[]).filter((c) => choicePrice(product, c) !== null);
  const fixedAssembly = isFixedOption(product, 'assembly');
  const [qty, setQty] = useState(1);
  const [choice, setChoice] = useState<Choice>(product.freeAssembly ? 'assembly' : 'none');
  const [added, setAdded] = useState<string | null>(null);

  // combinationId: a set of this product ("Vaak samen gekocht"), clicked before its island had loaded.
  async function add(count: number, options: Partial<CartItemOptions>, combinationId: number | null = null) {
    setAdded(null);
    const result = await addToCart({ product, qty: count, options, combinationId });
    if (result.ok && combinationId) setAdded('De set is toegevoegd aan je winkelwagen.');
    else if (result.ok)
      setAdded(count === 1 ? 'Het artikel is toegevoegd aan je winkelwagen.' : `${count} stuks zijn toegevoegd aan je winkelwagen.`);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on mount; later renders' `add` behaves the same
  useEffect(() => {
    // The cart itself is loaded by the first add: the product page needs no API call (nor the API client) up front.
    startCart({ load: false });
    // Replay the clicks made while this island was loading (see the page's early-click script).
    for (const early of takeEarlyBuys()) void add(early.qty, early.options, early.combinationId);
    document.querySelector('[data-buy-form]')?.removeAttribute('aria-busy');
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { qty: count, options } = readBuyFields(new FormData(event.currentTarget) as unknown as Iterable<[string, string]>);
    void add(count, options);
  }

  const clamp = (n: number) => Math.min(MAX_QTY_PER_ITEM, Math.max(1, Math.floor(n) || 1));
  const message = error ?? added;

  return (
    <form id={BUY_FORM_ID} method="post" action="/winkelwagen/" data-buy-form onSubmit={submit}>
      <input type="hidden" name="add" value={product.productId} />
      <div className="qty-field">
        <label htmlFor={`${id}-qty`}>Aantal</label>
        <div className="stepper">
          <button type="button" aria-label="Aantal verlagen" disabled={qty <= 1} onClick={() => setQty(clamp(qty - 1))}>
            −
          </button>
          <input
            id={`${id}-qty`}
            name="qty"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_QTY_PER_ITEM}
            value={qty}
            onChange={(e) => setQty(clamp(Number(e.currentTarget.value)))}
          />
          <button type="button" aria-label="Aantal verhogen" disabled={qty >= MAX_QTY_PER_ITEM} onClick={() => setQty(clamp(qty + 1))}>
            +
          </button>
        </div>
      </div>
      {choices.length > 1 && (
        <fieldset className="buy-options">
          <legend>Hoe wil je het ontvangen?</legend>
          {choices.map((c) => (
            <label key={c}>
              <input
                type="radio"
                name="opt"
                value={c === 'none' ? '' : c}
                checked={choice === c}
                disabled={fixedAssembly && c !== 'assembly'}
                onChange={() => setChoice(c)}
              />
              <span>{choiceLabels[c]}</span>{' '}
              {choicePrice(product, c) && <strong className="option-price">{choicePrice(product, c)}</strong>}
            </label>
          ))}
          {product.assemblyPriceSecondary !== null && !product.freeAssembly && choice === 'assembly' && (
            <p className="hint">Elk volgend apparaat dat we tegelijk monteren kost {formatEuro(product.assemblyPriceSecondary)}.</p>
          )}
        </fieldset>
      )}
      {offersOption(product, 'extraWarranty') && (
        <p className="hint">
          Extra garantie ({formatCharge(servicePrice(product, 'extraWarranty'), { perUnit: true })}) kies je in je winkelwagen.
        </p>
      )}
      <p className="btns">
        <button className="btn" type="submit" aria-busy={pending || undefined} disabled={product.expired}>
          In winkelwagen
        </button>
      </p>
      <p className="cart-message" role="status" aria-live="polite" tabIndex={-1}>
        {message && <span className={error ? 'field-error' : 'ok'}>{message}</span>}
        {added && !error && (
          <>
            {' '}
            <a href="/winkelwagen/">Bekijk je winkelwagen</a>
          </>
        )}
        <CartNoticeText itemKey={String(product.productId)} />
      </p>
    </form>
  );
}

export default function BuyBox({ product, support }: Props) {
  return (
    <CartIsland support={support}>
      <BuyForm product={product} support={support} />
    </CartIsland>
  );
}
