// The order overview shared by the checkout's last step and the order confirmation: the items with their amounts
// and every total that applies, as the server computed them (cart or order). Only presentation: the amounts come
// from src/domain/totals.ts through the cart or the order.
import { formatEuro } from '../domain/money.ts';
import type { SummaryLine, SummaryTotals } from '../domain/order-summary.ts';
import SetPartList from './SetPartList.tsx';
import TotalsList from './TotalsList.tsx';

type Props = {
  title: string;
  lines: SummaryLine[];
  totals: SummaryTotals;
  paymentChosen: boolean;
  busy?: boolean;
  headingLevel?: 2 | 3;
  /** How the order arrives, in words ('Bezorgen · donderdag 11 maart'), when the shopper is still choosing. */
  delivery?: string | null;
  /** In a box of limited height (the checkout's sticky overview): reachable with the keyboard to scroll it. */
  scrollable?: boolean;
  /** The heading for screen readers only, where what unfolds the summary already names it on screen. */
  titleHidden?: boolean;
};

export default function CheckoutSummary({
  title,
  lines,
  totals,
  paymentChosen,
  busy,
  headingLevel = 2,
  delivery,
  scrollable,
  titleHidden,
}: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = `summary-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="panel co-summary" aria-labelledby={titleId} aria-busy={busy || undefined} tabIndex={scrollable ? 0 : undefined}>
      <Heading id={titleId} className={titleHidden ? 'sr-only' : undefined}>
        {title}
      </Heading>
      <ul className="co-lines">
        {lines.map((line) => (
          <li key={line.key}>
            <span>
              {line.qty} × {line.name}
              {line.parts && <SetPartList parts={line.parts} />}
            </span>
            <span className="co-amount">{formatEuro(line.amount)}</span>
          </li>
        ))}
      </ul>
      {delivery && <p className="co-delivery-line">{delivery}</p>}
      <TotalsList
        totals={totals}
        shown={{
          assembly: totals.deliveryType === 'assembly',
          extraService: totals.deliveryType === 'extraService',
          extraWarranty: false,
          payment: paymentChosen,
        }}
      />
      <p className="hint">Alle bedragen zijn inclusief btw.</p>
      {(totals.cashbackTotal ?? 0) > 0 && (
        <p className="hint">Na je aankoop vraag je nog {formatEuro(totals.cashbackTotal ?? 0)} cashback terug bij de fabrikant.</p>
      )}
    </section>
  );
}
