// The order overview shared by the checkout's last step and the order confirmation: the items with their amounts
// and every total that applies, as the server computed them (cart or order). Only presentation: the amounts come
// from src/domain/totals.ts through the cart or the order.
import type { CartItems } from '../domain/cart.ts';
import { itemsInAddOrder } from '../domain/cart.ts';
import { formatEuro } from '../domain/money.ts';
import TotalsList, { type SummaryTotals } from './TotalsList.tsx';

type NamedProduct = { brand?: string; name?: string; price: number };
type Combination = { combinationId: number; price: number };

export type SummaryLine = { key: string; name: string; qty: number; amount: number };

/** The item lines, in the order they were added: name, quantity and price × quantity. */
export function summaryLines(
  items: CartItems,
  products: Readonly<Record<string, NamedProduct | undefined>> = {},
  combinations: Readonly<Record<string, Combination | undefined>> = {},
): SummaryLine[] {
  return itemsInAddOrder(items).map(([key, item]) => {
    const product = products[item.productId];
    const unit = (item.combinationId ? combinations[item.combinationId]?.price : undefined) ?? product?.price ?? 0;
    const name = product ? `${product.brand ?? ''} ${product.name ?? ''}`.trim() : `Artikel ${item.productId}`;
    return { key, name, qty: item.qty, amount: unit * item.qty };
  });
}

type Props = { title: string; lines: SummaryLine[]; totals: SummaryTotals; paymentChosen: boolean; busy?: boolean; headingLevel?: 2 | 3 };

export default function CheckoutSummary({ title, lines, totals, paymentChosen, busy, headingLevel = 2 }: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = `summary-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="panel co-summary" aria-labelledby={titleId} aria-busy={busy || undefined}>
      <Heading id={titleId}>{title}</Heading>
      <ul className="co-lines">
        {lines.map((line) => (
          <li key={line.key}>
            <span>
              {line.qty} × {line.name}
            </span>
            <span className="co-amount">{formatEuro(line.amount)}</span>
          </li>
        ))}
      </ul>
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
