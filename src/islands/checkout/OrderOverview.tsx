// The checkout's order overview (CheckoutSummary: lines, totals, the delivery chosen), where a shopper can see it
// while filling in the form: from 1024 px beside the form, sticky while the page scrolls; on smaller screens folded
// at the top of the form, with the grand total in the line that unfolds it.
import { useState } from 'react';
import { deliveryWhen, type SummaryLine, type SummaryTotals } from '../../domain/order-summary.ts';
import { formatEuro } from '../../domain/money.ts';
import { DELIVERY_TYPE_LABELS } from '../../domain/texts.ts';
import type { DeliveryType } from '../../schemas/delivery.ts';
import CheckoutSummary from '../CheckoutSummary.tsx';
import { useMediaQuery } from './useMediaQuery.ts';

/** Where the overview moves beside the form; the same breakpoint as the grid in checkout.css. */
const WIDE_CHECKOUT = '(min-width: 1024px)';

/** How the order arrives as chosen so far: 'Bezorgen · donderdag 11 maart', 'Zelf afhalen · Afhaalpunt …'. */
export function deliveryLine(
  deliveryType: DeliveryType,
  chosen: { deliveryDay: string | null; deliveryWeek: string | null },
  pickupTitle: string | null,
): string {
  const label = DELIVERY_TYPE_LABELS[deliveryType];
  if (deliveryType === 'pickUp') return pickupTitle ? `${label} · ${pickupTitle}` : label;
  if (!chosen.deliveryDay && !chosen.deliveryWeek) return label;
  return `${label} · ${deliveryWhen({ deliveryType, ...chosen })}`;
}

type Props = { lines: SummaryLine[]; totals: SummaryTotals; paymentChosen: boolean; busy: boolean; delivery: string | null };

function Summary(props: Props & { scrollable?: boolean; titleHidden?: boolean }) {
  return (
    <CheckoutSummary
      title="Overzicht van je bestelling"
      lines={props.lines}
      totals={props.totals}
      paymentChosen={props.paymentChosen}
      busy={props.busy}
      delivery={props.delivery}
      scrollable={props.scrollable}
      titleHidden={props.titleHidden}
    />
  );
}

/** Beside the form on wide screens; rendered after the form, placed by the grid. */
export function OrderOverviewAside(props: Props) {
  const wide = useMediaQuery(WIDE_CHECKOUT);
  if (!wide) return null;
  return (
    <div className="co-aside">
      <Summary {...props} scrollable />
    </div>
  );
}

/** Folded at the top of the form on smaller screens. */
export function OrderOverviewFold(props: Props) {
  const wide = useMediaQuery(WIDE_CHECKOUT);
  const [open, setOpen] = useState(false);
  if (wide) return null;
  return (
    <details className="co-fold" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        Besteloverzicht {open ? 'verbergen' : 'tonen'} · {formatEuro(props.totals.grandTotal ?? 0)}
      </summary>
      {/* Folded, the line that unfolds it already names the overview: its heading is for screen readers only. */}
      <Summary {...props} titleHidden />
    </details>
  );
}
