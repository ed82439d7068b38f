// The list of totals shown by the cart page and by the checkout's overview and the order confirmation: every
// total that applies (a service row also when it was chosen but costs nothing: 'gratis'), then the grand total.
// Only presentation: the amounts come from src/domain/totals.ts through the cart or the order.
import { Fragment } from 'react';
import { formatEuro } from '../domain/money.ts';
import type { CartTotals } from '../domain/cart-schema.ts';

/** The totals of a cart as shown (some may not be known yet) or of an order. */
export type SummaryTotals = Partial<CartTotals>;

/** Rows to show even at 0 (then 'gratis'): a chosen service, a chosen payment method. */
export type ShownRows = { assembly: boolean; extraService: boolean; extraWarranty: boolean; payment: boolean };

type Row = { label: string; value: string };

function totalRows(t: SummaryTotals, shown: ShownRows): Row[] {
  const amount = (cents: number | undefined) => formatEuro(cents ?? 0);
  const charge = (cents: number | undefined) => (cents ? amount(cents) : 'gratis');
  const rows: Row[] = [{ label: 'Subtotaal', value: amount(t.subtotal) }];
  if ((t.assemblyTotal ?? 0) > 0 || shown.assembly) rows.push({ label: 'Montage', value: charge(t.assemblyTotal) });
  if ((t.extraServiceTotal ?? 0) > 0 || shown.extraService) rows.push({ label: 'Extra service', value: charge(t.extraServiceTotal) });
  if ((t.extraWarrantyTotal ?? 0) > 0 || shown.extraWarranty) rows.push({ label: 'Extra garantie', value: charge(t.extraWarrantyTotal) });
  if ((t.pickUpDiscountTotal ?? 0) > 0) rows.push({ label: 'Afhaalkorting', value: `-${amount(t.pickUpDiscountTotal)}` });
  if ((t.discountTotal ?? 0) > 0) rows.push({ label: 'Korting', value: `-${amount(t.discountTotal)}` });
  rows.push({ label: 'Bezorgkosten', value: t.deliveryType === 'pickUp' ? 'Afhalen' : charge(t.deliveryTotal) });
  if ((t.paymentTotal ?? 0) > 0 || shown.payment) rows.push({ label: 'Betaalkosten', value: charge(t.paymentTotal) });
  return rows;
}

export default function TotalsList({ totals, shown }: { totals: SummaryTotals; shown: ShownRows }) {
  return (
    <dl>
      {totalRows(totals, shown).map((row) => (
        <Fragment key={row.label}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </Fragment>
      ))}
      <dt className="grand">Totaal</dt>
      <dd className="grand" data-grand-total>
        {formatEuro(totals.grandTotal ?? 0)}
      </dd>
    </dl>
  );
}
