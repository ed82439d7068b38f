// The totals block of the cart page (SPEC §9): every total that applies, the grand total, 'Verder winkelen' and
// the checkout button, which is disabled with the reason when the cart cannot go to checkout.
import { Fragment } from 'react';
import { checkoutBlock, type Cart, type CheckoutBlock } from '../domain/cart.ts';
import { formatEuro } from '../domain/money.ts';
import type { ServerCart } from '../stores/cart.ts';

const blockReasons: Record<CheckoutBlock, string> = {
  locked: 'Deze winkelwagen is al afgerekend.',
  empty: 'Je winkelwagen is leeg.',
  quoteChanged:
    'Je winkelwagen wijkt af van je offerte, daarom kun je nu niet afrekenen. Zet de artikelen en aantallen terug zoals in de offerte, of neem contact met ons op voor een nieuwe offerte.',
};

type Row = { label: string; value: string; className?: string };

export default function CartTotals({ cart, pending }: { cart: ServerCart; pending: boolean }) {
  const items = Object.values(cart.items);
  const has = (option: keyof Cart['items'][string]['options']) => items.some((i) => i.options[option]);
  const amount = (cents: number | undefined) => formatEuro(cents ?? 0);
  const rows: Row[] = [{ label: 'Subtotaal', value: amount(cart.subtotal) }];
  if (has('assembly') || (cart.assemblyTotal ?? 0) > 0) rows.push({ label: 'Montage', value: cart.assemblyTotal ? amount(cart.assemblyTotal) : 'gratis' });
  if (has('extraService') || (cart.extraServiceTotal ?? 0) > 0)
    rows.push({ label: 'Extra service', value: cart.extraServiceTotal ? amount(cart.extraServiceTotal) : 'gratis' });
  if (has('extraWarranty') || (cart.extraWarrantyTotal ?? 0) > 0)
    rows.push({ label: 'Extra garantie', value: cart.extraWarrantyTotal ? amount(cart.extraWarrantyTotal) : 'gratis' });
  if ((cart.pickUpDiscountTotal ?? 0) > 0) rows.push({ label: 'Afhaalkorting', value: `-${amount(cart.pickUpDiscountTotal)}` });
  if ((cart.discountTotal ?? 0) > 0) rows.push({ label: 'Korting', value: `-${amount(cart.discountTotal)}` });
  rows.push({
    label: 'Bezorgkosten',
    value: cart.deliveryType === 'pickUp' ? 'Afhalen' : cart.deliveryTotal ? amount(cart.deliveryTotal) : 'gratis',
  });
  if (cart.paymentMethod || (cart.paymentTotal ?? 0) > 0) rows.push({ label: 'Betaalkosten', value: cart.paymentTotal ? amount(cart.paymentTotal) : 'gratis' });

  const block = checkoutBlock(cart as unknown as Cart);
  return (
    <section className="panel cart-totals" aria-labelledby="cart-totals-title" aria-busy={pending || undefined}>
      <h2 id="cart-totals-title">Overzicht</h2>
      <dl>
        {rows.map((row) => (
          <Fragment key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </Fragment>
        ))}
        <dt className="grand">Totaal</dt>
        <dd className="grand" data-grand-total>
          {amount(cart.grandTotal)}
        </dd>
      </dl>
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
          {blockReasons[block]}
        </p>
      )}
    </section>
  );
}
