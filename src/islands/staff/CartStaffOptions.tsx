// The cart's staff options (shopOptionsShow, issue 10), loaded lazily by StaffCartGate.tsx for signed-in staff only:
// a makeAmends discount per item, an extra discount on the whole cart (discountExtra) and the store where the
// customer picks the order up. Changes go through the cart store (sendStaffChange); the server checks the role and
// the amounts and recomputes every total. With pricesShopOnlyShow each line also shows the shop price.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { itemsInAddOrder } from '../../domain/cart-queries.ts';
import type { ShownCart } from '../../domain/cart-schema.ts';
import { formatEuro } from '../../domain/money.ts';
import { readStaffInfo } from '../../domain/staff-info.ts';
import { apiFetch } from '../../client/api.ts';
import { getToken } from '../../client/app-state.ts';
import { sendStaffChange } from './staff-cart-change.ts';
import type { PickupStore } from '../../domain/pickup-stores.ts';
import { parseEuros } from './staff-cart.ts';

type Props = {
  cart: ShownCart;
  showShopPrices: boolean;
  /** The stores staff may choose for the order's pick-up (content/stores/, staffPickup), from the cart page. */
  pickupStores: readonly PickupStore[];
};

/** Shop prices by product id, from the staff route (never from the cart answer, which a guest reads too). */
function useShopPrices(productIds: number[], enabled: boolean): ReadonlyMap<number, number> {
  const [prices, setPrices] = useState<ReadonlyMap<number, number>>(new Map());
  const key = productIds.join(',');
  useEffect(() => {
    if (!enabled || key === '') return;
    let live = true;
    apiFetch(`products/staff-info/?ids=${key}`, { token: getToken() })
      .then(({ data }) => {
        const found = new Map<number, number>();
        for (const i of readStaffInfo(data)) if (typeof i.shopOnlyPrice === 'number') found.set(i.productId, i.shopOnlyPrice);
        if (live) setPrices(found);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [key, enabled]);
  return prices;
}

function AmountForm({ label, current, onSave }: { label: string; current: number; onSave: (cents: number) => Promise<void> }) {
  const id = useId();
  const [value, setValue] = useState(current > 0 ? (current / 100).toFixed(2).replace('.', ',') : '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave(parseEuros(value) ?? -1);
  };
  return (
    <form className="staff-amount" onSubmit={submit}>
      <label htmlFor={id}>{label}</label>{' '}
      <input id={id} inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} size={8} />{' '}
      <button type="submit" className="btn secondary">
        Toepassen
      </button>
    </form>
  );
}

export default function CartStaffOptions({ cart, showShopPrices, pickupStores }: Props) {
  const [message, setMessage] = useState<string | null>(null);
  const items = itemsInAddOrder(cart.items);
  const shopPrices = useShopPrices([...new Set(items.map(([, item]) => item.productId))], showShopPrices);
  const storeId = useId();

  async function send(change: Parameters<typeof sendStaffChange>[0], done: string): Promise<void> {
    setMessage(null);
    try {
      await sendStaffChange(change);
      setMessage(done);
    } catch (error) {
      setMessage(error instanceof Error && error.message ? error.message : 'Dat lukte niet. Probeer het opnieuw.');
    }
  }

  const invalid = () => setMessage('Vul een bedrag in euro’s in, bijvoorbeeld 25,00.');

  return (
    <section className="panel staff-options" aria-labelledby="staff-options-title">
      <h2 id="staff-options-title">Opties voor medewerkers</h2>
      <ul className="staff-lines">
        {items.map(([key, item]) => {
          const product = cart.products?.[item.productId];
          const name = product ? `${product.brand} ${product.name}` : `Artikel ${item.productId}`;
          const shopPrice = shopPrices.get(item.productId);
          return (
            <li key={key}>
              <strong>{name}</strong>
              {shopPrice !== undefined && <span> · Winkelprijs {formatEuro(shopPrice)}</span>}
              <AmountForm
                label={`Korting per stuk voor ${name} (€)`}
                current={item.itemDiscounts?.makeAmends?.price ?? 0}
                onSave={(cents) =>
                  cents < 0
                    ? Promise.resolve(invalid())
                    : send(
                        {
                          items: {
                            [key]: {
                              productId: item.productId,
                              ...(item.combinationId ? { combinationId: item.combinationId } : {}),
                              qty: item.qty,
                              itemDiscounts: { makeAmends: cents > 0 ? { price: cents } : null },
                            },
                          },
                        },
                        'De korting is verwerkt.',
                      )
                }
              />
            </li>
          );
        })}
      </ul>
      <AmountForm
        label="Extra korting op de hele winkelwagen (€)"
        current={cart.discountExtra ?? 0}
        onSave={(cents) => (cents < 0 ? Promise.resolve(invalid()) : send({ discountExtra: cents }, 'De extra korting is verwerkt.'))}
      />
      <p>
        <label htmlFor={storeId}>Afhalen in winkel</label>{' '}
        <select
          id={storeId}
          value={cart.pickupStoreId ?? ''}
          onChange={(e) => void send({ pickupStoreId: e.target.value || null }, 'De afhaalwinkel is opgeslagen.')}
        >
          <option value="">Geen winkel gekozen</option>
          {pickupStores.map((s) => (
            <option key={s.storeId} value={s.storeId}>
              {s.title}
            </option>
          ))}
        </select>
      </p>
      <p className="price-note">De afhaalwinkel staat op de bestelling als de klant afhaalt (afhaalkorting).</p>
      <p role="status" aria-live="polite">
        {message}
      </p>
    </section>
  );
}
