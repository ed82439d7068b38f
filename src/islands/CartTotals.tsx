// The totals block of the cart page (SPEC §9): every total that applies, the grand total, 'Verder winkelen' and
// the checkout button, which is disabled with the reason when the cart cannot go to checkout.
import type { CartOption } from '../domain/cart.ts';
import { checkoutBlock, checkoutBlockMessage } from '../domain/checkout.ts';
import { formatEuro } from '../domain/money.ts';
import type { ShownCart } from '../stores/cart.ts';
import TotalsList from './TotalsList.tsx';

export default function CartTotals({ cart, pending }: { cart: ShownCart; pending: boolean }) {
  const items = Object.values(cart.items);
  const has = (option: CartOption) => items.some((i) => i.options[option]);
  const amount = (cents: number | undefined) => formatEuro(cents ?? 0);
  const shown = {
    assembly: has('assembly'),
    extraService: has('extraService'),
    extraWarranty: has('extraWarranty'),
    payment: !!cart.paymentMethod,
  };

  const block = checkoutBlock(cart);
  return (
    <section className="panel cart-totals" aria-labelledby="cart-totals-title" aria-busy={pending || undefined}>
      <h2 id="cart-totals-title">Overzicht</h2>
      <TotalsList totals={cart} shown={shown} />
      <p className="hint">Alle bedragen zijn inclusief btw.</p>
      {(cart.cashbackTotal ?? 0) > 0 && (
        <p className="hint">
          Na je aankoop vraag je nog {amount(cart.cashbackTotal)} cashback terug bij de fabrikant. Dat bedrag is hierboven niet afgetrokken.
        </p>
      )}
      <p className="btns">
        {block === null ? (
          <a className="btn" href="/afrekenen/">
            Afrekenen
          </a>
        ) : (
          <button type="button" className="btn" disabled aria-describedby="checkout-blocked">
            Afrekenen
          </button>
        )}
        <a className="btn secondary" href="/productgroepen/">
          Verder winkelen
        </a>
      </p>
      {block !== null && (
        <p id="checkout-blocked" className="hint">
          {checkoutBlockMessage(block)}
        </p>
      )}
    </section>
  );
}
