// One line of the cart page: product (or set, with its parts), unit price, quantity stepper (1..10), remove, the
// services the product offers (for a set: its main product's), and the line amount. Every change goes through the
// cart store, which applies the domain rules; what the rules switch off on their own is said below the line, with
// "Ongedaan maken" (CartNotice.tsx).
import { useEffect, useState, type KeyboardEvent } from 'react';
import { MAX_QTY_PER_ITEM, type CartItem, type CartOption } from '../domain/cart.ts';
import { isFixedOption, offersOption } from '../domain/product-options.ts';
import { formatEuro } from '../domain/money.ts';
import { setParts } from '../domain/order-summary.ts';
import { formatCharge, formatDiscount, pickUpDiscount, SERVICE_NAMES, servicePrice } from '../domain/services.ts';
import { stockLabel } from '../domain/stock.ts';
import type { LineTotals } from '../domain/totals.ts';
import { $cart, removeItem, setOption, setQuantity, type CartProduct } from '../stores/cart.ts';
import { CartNoticeText } from './CartNotice.tsx';
import { EnergyArrow } from './EnergyArrow.tsx';
import SetPartList from './SetPartList.tsx';

type Props = {
  itemKey: string;
  item: CartItem;
  product: CartProduct | undefined;
  line: LineTotals | undefined;
  /** Every product of the cart by id: a set's parts are named from it. */
  products?: Readonly<Record<string, CartProduct>>;
};

/** A cart line's service: its name (the extra service says what it is) and what it costs. */
function optionLabel(product: CartProduct, option: CartOption): { name: string; price: string } {
  switch (option) {
    case 'assembly':
      return { name: SERVICE_NAMES.assembly, price: formatCharge(servicePrice(product, option)) };
    case 'extraService':
      return {
        name: `${SERVICE_NAMES.extraService} (aansluiten en oude apparaat meenemen)`,
        price: formatCharge(servicePrice(product, option)),
      };
    case 'extraWarranty':
      return { name: SERVICE_NAMES.extraWarranty, price: formatCharge(servicePrice(product, option), { perUnit: true }) };
    case 'pickUpDiscount':
      return { name: SERVICE_NAMES.pickUpDiscount, price: formatDiscount(pickUpDiscount(product), { perUnit: true }) };
  }
}

const OPTIONS: CartOption[] = ['assembly', 'extraService', 'extraWarranty', 'pickUpDiscount'];

export default function CartItemRow({ itemKey, item, product, line, products = {} }: Props) {
  const [typed, setTyped] = useState(String(item.qty));
  const [fieldError, setFieldError] = useState<string | null>(null);
  useEffect(() => setTyped(String(item.qty)), [item.qty]);

  const qtyId = `qty-${itemKey}`;
  const errorId = `qty-error-${itemKey}`;

  async function changeQty(qty: number) {
    setFieldError(null);
    const result = await setQuantity(itemKey, qty);
    if (!result.ok) {
      setFieldError(result.message);
      setTyped(String(item.qty));
    }
  }

  /** +/- count from the cart as it is now, so quick clicks each add one even before a re-render. */
  function step(delta: number) {
    const current = $cart.get()?.items[itemKey]?.qty ?? item.qty;
    void changeQty(current + delta);
  }

  function commitTyped() {
    const qty = Number(typed);
    if (qty !== item.qty) void changeQty(qty);
  }

  function onKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitTyped();
    }
  }

  const set = item.combinationId ? product?.combinations.find((c) => c.combinationId === item.combinationId) : undefined;
  const name = set?.name ?? (product ? `${product.brand} ${product.name}` : `Artikel ${item.productId}`);
  const parts = set ? setParts(item, products, { [set.combinationId]: set }) : undefined;
  return (
    <li className="cart-item" data-item-key={itemKey}>
      {product?.image ? <img src={product.image} alt="" width="96" height="96" loading="lazy" /> : <span />}
      <div>
        <h2>{product?.url ? <a href={product.url}>{name}</a> : name}</h2>
        {parts && <SetPartList parts={parts} />}
        {product ? (
          <p>
            {formatEuro(line?.unitPrice ?? set?.price ?? product.price)} {set ? 'per set' : 'per stuk'} · {stockLabel(product.stock.state)}
            {!set && product.energyLabel && (
              <>
                {' '}
                <EnergyArrow doc={product} />
              </>
            )}
          </p>
        ) : (
          <p className="hint">Gegevens worden geladen…</p>
        )}
        <div className="item-controls">
          <label htmlFor={qtyId} className="sr-only">
            Aantal van {name}
          </label>
          <div className="stepper">
            <button type="button" aria-label="Aantal verlagen" disabled={item.qty <= 1} onClick={() => step(-1)}>
              −
            </button>
            <input
              id={qtyId}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_QTY_PER_ITEM}
              value={typed}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
              onChange={(e) => setTyped(e.currentTarget.value)}
              onBlur={commitTyped}
              onKeyDown={onKey}
            />
            <button type="button" aria-label="Aantal verhogen" disabled={item.qty >= MAX_QTY_PER_ITEM} onClick={() => step(1)}>
              +
            </button>
          </div>
          <button type="button" className="link-button" onClick={() => void removeItem(itemKey)}>
            Verwijderen<span className="sr-only"> {name}</span>
          </button>
          {line && (
            <span className="line-total">
              <span className="sr-only">Bedrag: </span>
              {formatEuro(line.subtotal)}
            </span>
          )}
        </div>
        {fieldError && (
          <p id={errorId} className="field-error">
            {fieldError}
          </p>
        )}
        {product && OPTIONS.some((o) => offersOption(product, o)) && (
          <fieldset className="item-options">
            <legend>Services</legend>
            {OPTIONS.filter((o) => offersOption(product, o)).map((option) => {
              const label = optionLabel(product, option);
              const checked = item.options[option];
              return (
                <label key={option}>
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={checked && isFixedOption(product, option)}
                    onChange={(e) => void setOption(itemKey, option, e.currentTarget.checked)}
                  />
                  <span>{label.name}</span>
                  <span className="option-price">{label.price}</span>
                </label>
              );
            })}
          </fieldset>
        )}
        <p className="item-notice" aria-live="polite" tabIndex={-1}>
          <CartNoticeText itemKey={itemKey} />
        </p>
      </div>
    </li>
  );
}
