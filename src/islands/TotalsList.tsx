// The list of totals shown by the cart page and by the checkout's overview and the order confirmation: every
// total that applies (a service row also when it was chosen but costs nothing: 'gratis'), then the grand total.
// Only presentation: the amounts come from src/domain/totals.ts through the cart or the order.
import { Fragment } from 'react';
import { formatEuro } from '../domain/money.ts';
import { totalRows, type ShownRows, type SummaryTotals } from '../domain/order-summary.ts';

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
