// The checkout form (DESIGN §3): details, address, delivery and payment on one form, with the order overview beside
// it (OrderOverview: beside the form on wide screens, folded at its top on phones). Every field is
// saved on the server cart as it is filled in (useCheckoutForm), so a reload keeps it. The checks are the server's
// own (validateCheckout), run here for immediate Dutch messages next to the fields; on submit the server checks
// again and its messages land next to the same fields.
import { useStore } from '@nanostores/react';
import { useRef, useState, type FormEvent } from 'react';
import { deliveryChoices } from '../../domain/delivery-choices.ts';
import { allowedPlanning } from '../../domain/delivery-planning.ts';
import type { Cart, PlacedOrder, ShownCart } from '../../domain/cart-schema.ts';
import { checkoutBlock, checkoutBlockMessage, validateCheckout } from '../../domain/checkout.ts';
import type { DeliveryCalendar } from '../../domain/delivery-calendar.ts';
import type { FieldError } from '../../domain/errors.ts';
import { availablePaymentMethods } from '../../domain/payment.ts';
import type { SpecialDate } from '../../schemas/hours.ts';
import { $cartError, $cartPending } from '../../stores/cart.ts';
import type { CartTotalsSettings } from '../../stores/cart-totals.ts';
import AddressFields from '../AddressFields.tsx';
import { CheckField } from '../CheckoutField.tsx';
import { formatEuro } from '../../domain/money.ts';
import { summaryLines } from '../../domain/order-summary.ts';
import DeliverySelector, { useMinuteClock, type PickupPoint } from '../DeliverySelector.tsx';
import PaymentMethods from '../PaymentMethods.tsx';
import { cartCalendar, cartDelays, type CalendarSettings } from './delivery.ts';
import DetailsStep from './DetailsStep.tsx';
import ErrorSummary from './ErrorSummary.tsx';
import CartPriceChanges, { useShownPriceChanges } from '../CartPriceChanges.tsx';
import { deliveryLine, OrderOverviewAside, OrderOverviewFold } from './OrderOverview.tsx';
import { focusField } from './focus.ts';
import { draftCart, errorsByField, fieldId, relevantErrors, sortErrors, visibleErrors } from './form.ts';
import { submitCheckout } from './submit.ts';
import { useCheckoutForm } from './useCheckoutForm.ts';

/** What the checkout page was built with: totals and payment settings, the delivery calendar, the pickup point. */
export type CheckoutSettings = {
  settings: CartTotalsSettings;
  calendar: CalendarSettings;
  /** Closed delivery dates of the coming months (from the build). */
  specialDates: SpecialDate[];
  pickup: PickupPoint | null;
};

type Props = { cart: ShownCart; props: CheckoutSettings; onPlaced: (order: PlacedOrder) => void };

export default function CheckoutForm({ cart, props, onPlaced }: Props) {
  const pending = useStore($cartPending, { ssr: 'initial' });
  const cartError = useStore($cartError, { ssr: 'initial' });
  const now = useMinuteClock();
  const form = useCheckoutForm(cart, props.settings.payment);
  const { values, change, blur, chooseDelivery, deliveryType, paymentValue } = form;
  const [submitted, setSubmitted] = useState(false);
  const [summary, setSummary] = useState<FieldError[] | null>(null);
  const [placing, setPlacing] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  // The price changes this page shows: placing the order tells the server the shopper has seen them.
  const priceChanges = useShownPriceChanges(cart.priceChanges, pending);

  const calendar = cartCalendar(cart, props.calendar, props.specialDates, now);
  const methods = availablePaymentMethods(props.settings.payment, { country: values.shippingCountry, deliveryType });
  /** The server's checks with the calendar of a moment. */
  const checks = (at: DeliveryCalendar) => (draft: Cart) =>
    validateCheckout(draft, { paymentSettings: props.settings.payment, calendar: at, planning: props.calendar.planning });
  const clientErrors = errorsByField(relevantErrors(checks(calendar)(draftCart(cart, values)), values));
  const errors = visibleErrors(clientErrors, form.serverErrors, form.touched, submitted);

  function showProblems(problems: FieldError[]) {
    const sorted = sortErrors(problems);
    setSummary(sorted);
    // After the summary and the messages have rendered: the first wrong field, else the summary itself.
    requestAnimationFrame(() => {
      const first = sorted.find((p) => p.field && document.getElementById(fieldId(p.field)));
      if (!first || !focusField(first.field)) summaryRef.current?.focus();
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (placing) return;
    setSubmitted(true);
    const fresh = cartCalendar(cart, props.calendar, props.specialDates, new Date());
    const outcome = await submitCheckout(cart, values, checks(fresh), priceChanges, () => {
      setSummary(null);
      setPlacing(true);
      form.takeWaiting();
    });
    if (outcome.kind === 'placed') {
      onPlaced(outcome.order);
      window.location.assign(outcome.order.paymentUrl ?? `/bestelling/${outcome.order.orderId}/`);
      return;
    }
    setPlacing(false);
    if (outcome.kind === 'none') return;
    if (outcome.fromServer) form.setServerErrors(errorsByField(outcome.problems));
    showProblems(outcome.problems);
  }

  const block = checkoutBlock(cart);
  const overview = {
    lines: summaryLines(cart.items, cart.products, cart.combinations),
    totals: cart,
    paymentChosen: Boolean(paymentValue),
    busy: pending,
    delivery: deliveryLine(deliveryType, values, props.pickup?.title ?? null),
  };

  const checkoutForm = (
    <form className="checkout" noValidate onSubmit={(e) => void submit(e)} aria-busy={placing || undefined}>
      <h1>Afrekenen</h1>
      <OrderOverviewFold {...overview} />
      {summary && summary.length > 0 && <ErrorSummary problems={summary} summaryRef={summaryRef} />}
      <p className="cart-message" role="status" aria-live="polite">
        {cartError && !summary && <span className="field-error">{cartError}</span>}
        <CartPriceChanges changes={priceChanges} />
      </p>
      {block && (
        <p className="warn">
          {checkoutBlockMessage(block)} <a href="/winkelwagen/">Naar je winkelwagen</a>
        </p>
      )}

      <DetailsStep values={values} errors={errors} onChange={change} onBlur={blur} />

      <section className="co-step" aria-labelledby="co-step-2">
        <h2 id="co-step-2">2. Adres</h2>
        <AddressFields prefix="shipping" values={values} errors={errors} onChange={change} onBlur={blur} />
        <CheckField
          field="invoiceAddress"
          label="Ander factuuradres"
          checked={values.invoiceAddress}
          onChange={(checked) =>
            change(checked ? { invoiceAddress: true, invoiceCountry: values.invoiceCountry } : { invoiceAddress: false }, 'now')
          }
        />
        {values.invoiceAddress && (
          <div className="co-invoice">
            <h3>Factuuradres</h3>
            <AddressFields prefix="invoice" values={values} errors={errors} onChange={change} onBlur={blur} />
          </div>
        )}
      </section>

      <section className="co-step" aria-labelledby="co-step-3">
        <h2 id="co-step-3">3. Bezorgen of afhalen</h2>
        <DeliverySelector
          deliveryType={deliveryType}
          choices={deliveryChoices(cart.items, cart.products ?? {})}
          calendar={calendar}
          planning={allowedPlanning(props.calendar.planning, deliveryType)}
          delays={cartDelays(cart, calendar.today)}
          now={now}
          cutoff={props.calendar.sameDayCutoff}
          disableFloorSelection={cart.disableFloorSelection ?? false}
          pickup={props.pickup}
          values={values}
          errors={errors}
          onDeliveryType={chooseDelivery}
          onChange={change}
          onBlur={blur}
        />
      </section>

      <section className="co-step" aria-labelledby="co-step-4">
        <h2 id="co-step-4">4. Betalen</h2>
        <PaymentMethods
          methods={methods}
          value={paymentValue}
          error={errors.paymentMethod}
          onChange={(key) => change({ paymentMethod: key }, 'now')}
        />
        <CheckField
          field="newsletter"
          label="Stuur mij de nieuwsbrief met aanbiedingen en kooktips"
          hint="Je krijgt eerst een e-mail om je aanmelding te bevestigen."
          checked={values.newsletter}
          onChange={(checked) => change({ newsletter: checked }, 'now')}
        />
        <CheckField
          field="acceptedTermsAndConditions"
          label="Ik ga akkoord met de leveringsvoorwaarden"
          checked={values.acceptedTermsAndConditions}
          error={errors.acceptedTermsAndConditions}
          hint={
            <a href="/leveringsvoorwaarden/" target="_blank" rel="noopener">
              Lees de leveringsvoorwaarden (opent in een nieuw venster)
            </a>
          }
          onChange={(checked) => change({ acceptedTermsAndConditions: checked }, 'now')}
        />
      </section>

      <p className="co-to-pay">
        Te betalen <strong>{formatEuro(cart.grandTotal ?? 0)}</strong>
      </p>
      <p className="btns co-submit">
        <button type="submit" className="btn" disabled={placing || block !== null}>
          {placing ? 'Bestelling wordt geplaatst…' : 'Bestelling plaatsen'}
        </button>
        <a className="btn secondary" href="/winkelwagen/">
          Terug naar je winkelwagen
        </a>
      </p>
    </form>
  );
  // The overview stands beside the form on wide screens (checkout.css, .co-page).
  return (
    <div className="co-page">
      {checkoutForm}
      <OrderOverviewAside {...overview} />
    </div>
  );
}
