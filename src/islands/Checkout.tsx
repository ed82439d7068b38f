// The checkout /afrekenen/ (DESIGN §3): details, address, delivery, payment and the overview on one form. Every
// field is saved on the server cart as it is filled in (typing: once the shopper pauses; choices: at once), so a
// reload keeps it. The checks are the server's own (validateCheckout), run here for immediate Dutch messages next
// to the fields; on submit the server checks again and its messages land next to the same fields. A placed order
// goes to the payment page, or straight to the confirmation when it is paid at delivery or pickup.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { checkoutBlock, deliveryChoices, deriveDeliveryType, optionChangesFor, type Cart } from '../domain/cart.ts';
import { checkoutBlockMessage, validateCheckout } from '../domain/checkout.ts';
import { deliveryCalendar, type DeliveryCalendarInput } from '../domain/delivery-calendar.ts';
import type { FieldError } from '../domain/errors.ts';
import { FIELD_MAX_LENGTH } from '../domain/limits.ts';
import { availablePaymentMethods, isPaymentMethodAllowed } from '../domain/payment.ts';
import { cartStock } from '../domain/stock.ts';
import type { DeliveryType, SpecialDate } from '../schemas/site.ts';
import {
  $cart,
  $cartError,
  $cartPending,
  $cartStatus,
  setOption,
  startCart,
  submitOrder,
  updateCartFields,
  type ServerCart,
} from '../stores/cart.ts';
import { enableLocalTotals, type CartTotalsSettings } from '../stores/cart-totals.ts';
import {
  createFieldSaver,
  draftCart,
  errorsByField,
  fieldId,
  LAST_ORDER_KEY,
  sortErrors,
  valuesFromCart,
  visibleErrors,
  wireFields,
  type CheckoutValues,
  type LastOrder,
} from './checkout/form.ts';
import AddressFields from './AddressFields.tsx';
import { CheckField, TextField } from './CheckoutField.tsx';
import CheckoutSummary, { summaryLines } from './CheckoutSummary.tsx';
import DeliverySelector, { useMinuteClock, type PickupPoint } from './DeliverySelector.tsx';
import { CartIsland, type SupportContact } from './IslandBoundary.tsx';
import PaymentMethods from './PaymentMethods.tsx';
import './cart.css';
import './checkout.css';

type CalendarSettings = DeliveryCalendarInput['settings'];

type Props = {
  settings: CartTotalsSettings;
  calendar: CalendarSettings;
  /** Closed delivery dates of the coming months (from the build). */
  specialDates: SpecialDate[];
  pickup: PickupPoint | null;
  support: SupportContact;
};

/** Typing is saved once the shopper pauses this long. */
const SAVE_DELAY_MS = 700;

function stockOf(cart: ServerCart) {
  return cartStock(
    Object.values(cart.items),
    (id) => cart.products?.[id],
    (id) => cart.combinations?.[id],
  );
}

/** Moves focus to a field, or to the first choice of a radio group. */
function focusField(field: string): boolean {
  const element = document.getElementById(fieldId(field));
  if (!element) return false;
  const target =
    element.tagName === 'FIELDSET'
      ? (element.querySelector<HTMLInputElement>('input:checked:not(:disabled)') ??
        element.querySelector<HTMLInputElement>('input:not(:disabled)'))
      : element;
  target?.focus();
  return Boolean(target);
}

/** Street and place follow from the look-up: while postal code or house number is wrong, those are the errors. */
function relevant(errors: FieldError[], values: CheckoutValues): FieldError[] {
  const fields = new Set(errors.map((e) => e.field));
  return errors.filter((e) => {
    const match = /^(shipping|invoice)(Street|City)$/.exec(e.field);
    if (!match) return true;
    const prefix = match[1] as 'shipping' | 'invoice';
    if (values[`${prefix}ManualEntry`]) return true;
    return !fields.has(`${prefix}PostalCode`) && !fields.has(`${prefix}HouseNumber`);
  });
}

function readLastOrder(): LastOrder | null {
  try {
    const raw = sessionStorage.getItem(LAST_ORDER_KEY);
    return raw ? (JSON.parse(raw) as LastOrder) : null;
  } catch {
    return null;
  }
}

function EmptyCheckout({ placed }: { placed: LastOrder | null }) {
  // Back from the payment page the cart is empty: the order placed in this tab is then shown instead.
  const last = placed ?? readLastOrder();
  if (last)
    return (
      <>
        <h1>Je bestelling is geplaatst</h1>
        <p role="status">
          Je bestelnummer is <strong>{last.orderRef}</strong>.{' '}
          {placed
            ? last.paymentUrl
              ? 'Je gaat nu naar de betaalpagina…'
              : 'Je gaat nu naar je bestelling…'
            : 'Je winkelwagen is daarna leeggemaakt.'}
        </p>
        <p className="btns">
          {last.paymentUrl && (
            <a className="btn" href={last.paymentUrl}>
              Nu betalen
            </a>
          )}
          <a className={last.paymentUrl ? 'btn secondary' : 'btn'} href={`/bestelling/${last.orderId}/`}>
            Bekijk je bestelling
          </a>
        </p>
      </>
    );
  return (
    <>
      <h1>Je winkelwagen is leeg</h1>
      <p>Voeg eerst artikelen toe aan je winkelwagen; daarna kun je hier afrekenen.</p>
      <p className="btns">
        <a className="btn" href="/productgroepen/">
          Bekijk alle productgroepen
        </a>
      </p>
    </>
  );
}

function CheckoutForm({ cart, props, onPlaced }: { cart: ServerCart; props: Props; onPlaced: (order: LastOrder) => void }) {
  const pending = useStore($cartPending, { ssr: 'initial' });
  const cartError = useStore($cartError, { ssr: 'initial' });
  const now = useMinuteClock();
  const [values, setValues] = useState<CheckoutValues>(() => valuesFromCart(cart as unknown as Cart));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<FieldError[] | null>(null);
  const [placing, setPlacing] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);

  const [saver] = useState(() =>
    createFieldSaver(
      (fields) => {
        void updateCartFields(wireFields(fields)).then((result) => {
          if (!result.ok && (result.error.code === 422 || result.error.code === 400) && result.error.errors.length > 0)
            setServerErrors((current) => ({ ...current, ...errorsByField(result.error.errors) }));
        });
      },
      SAVE_DELAY_MS,
      { set: (fn, ms) => setTimeout(fn, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) },
    ),
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per cart; the saver lives as long as the component
  useEffect(() => {
    // A cart without a country gets the Netherlands, so payment methods and checks know where it goes.
    if (!cart.shippingCountry) saver.now({ shippingCountry: 'NL' });
    const leave = () => saver.flush();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      saver.flush();
    };
  }, []);

  const deliveryType = deriveDeliveryType(cart.items);
  const calendar = deliveryCalendar({
    now,
    settings: props.calendar,
    specialDates: props.specialDates,
    stock: stockOf(cart),
    disableCurrentDaySelection: cart.disableCurrentDaySelection ?? false,
  });
  const methods = availablePaymentMethods(props.settings.payment, { country: values.shippingCountry, deliveryType });
  /** The chosen method while the country and delivery type still allow it (the server checks the same on submit). */
  const allowed = (method: string | null, country: CheckoutValues['shippingCountry'], type: DeliveryType) =>
    isPaymentMethodAllowed(props.settings.payment, method, { country, deliveryType: type });
  const paymentValue = allowed(values.paymentMethod, values.shippingCountry, deliveryType) ? values.paymentMethod : null;

  const context = { paymentSettings: props.settings.payment, calendar };
  const clientErrors = errorsByField(relevant(validateCheckout(draftCart(cart as unknown as Cart, values), context), values));
  const errors = visibleErrors(clientErrors, serverErrors, touched, submitted);

  function change(fields: Partial<CheckoutValues>, mode: 'later' | 'now') {
    const next = { ...values, ...fields };
    // A method this country no longer allows is dropped rather than kept invisibly.
    if ('shippingCountry' in fields && next.paymentMethod && !allowed(next.paymentMethod, next.shippingCountry, deliveryType)) {
      next.paymentMethod = null;
      fields = { ...fields, paymentMethod: null };
    }
    setValues(next);
    setServerErrors((current) => {
      const rest = { ...current };
      for (const name of Object.keys(fields)) delete rest[name];
      return rest;
    });
    if (mode === 'later') saver.later(fields);
    else saver.now(fields);
  }

  const blur = (field: string) => setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));

  function chooseDeliveryType(type: DeliveryType) {
    for (const [key, option, value] of optionChangesFor(cart.items, cart.products ?? {}, type)) void setOption(key, option, value);
    if (values.paymentMethod && !allowed(values.paymentMethod, values.shippingCountry, type)) change({ paymentMethod: null }, 'now');
  }

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
    const fresh = deliveryCalendar({
      now: new Date(),
      settings: props.calendar,
      specialDates: props.specialDates,
      stock: stockOf(cart),
      disableCurrentDaySelection: cart.disableCurrentDaySelection ?? false,
    });
    const problems = relevant(validateCheckout(draftCart(cart as unknown as Cart, values), { ...context, calendar: fresh }), values);
    if (problems.length > 0) return showProblems(problems);
    setSummary(null);
    setPlacing(true);
    // Everything the checks above passed goes along, so the server checks exactly the same cart.
    saver.take();
    const result = await submitOrder(wireFields(values));
    if (result.ok && result.order) {
      const { orderId, orderRef, paymentUrl } = result.order;
      const placed: LastOrder = { orderId, orderRef, paymentUrl };
      try {
        sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify(placed));
      } catch {
        // The confirmation page then reads the order from the API alone.
      }
      onPlaced(placed);
      window.location.assign(paymentUrl ?? `/bestelling/${orderId}/`);
      return;
    }
    setPlacing(false);
    if (result.ok) return;
    const fieldProblems = result.error.errors.filter((e) => e.field);
    if (fieldProblems.length > 0) {
      setServerErrors(errorsByField(fieldProblems));
      showProblems(fieldProblems);
    } else showProblems([{ field: '', errorMessage: result.message }]);
  }

  const block = checkoutBlock(cart as unknown as Cart);
  const lines = summaryLines(cart.items as Cart['items'], cart.products, cart.combinations);

  return (
    <form className="checkout" noValidate onSubmit={(e) => void submit(e)} aria-busy={placing || undefined}>
      <h1>Afrekenen</h1>
      {summary && summary.length > 0 && (
        <div className="co-error-summary" role="alert" tabIndex={-1} ref={summaryRef} aria-labelledby="co-error-title">
          <h2 id="co-error-title">Controleer je gegevens</h2>
          <ul>
            {summary.map((problem) => (
              <li key={`${problem.field}|${problem.errorMessage}`}>
                {problem.field && problem.field !== 'items' && !problem.field.startsWith('items.') ? (
                  <a
                    href={`#${fieldId(problem.field)}`}
                    onClick={(e) => {
                      e.preventDefault();
                      focusField(problem.field);
                    }}
                  >
                    {problem.errorMessage}
                  </a>
                ) : (
                  <>
                    {problem.errorMessage} {problem.field.startsWith('items') && <a href="/winkelwagen/">Naar je winkelwagen</a>}
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="cart-message" role="status" aria-live="polite">
        {cartError && !summary && <span className="field-error">{cartError}</span>}
      </p>
      {block && (
        <p className="warn">
          {checkoutBlockMessage(block)} <a href="/winkelwagen/">Naar je winkelwagen</a>
        </p>
      )}

      <section className="co-step" aria-labelledby="co-step-1">
        <h2 id="co-step-1">1. Je gegevens</h2>
        <div className="co-row">
          <TextField
            field="firstName"
            label="Voornaam"
            value={values.firstName}
            error={errors.firstName}
            autoComplete="given-name"
            maxLength={FIELD_MAX_LENGTH.firstName}
            required
            onChange={(v) => change({ firstName: v }, 'later')}
            onBlur={() => blur('firstName')}
          />
          <TextField
            field="lastName"
            label="Achternaam"
            value={values.lastName}
            error={errors.lastName}
            autoComplete="family-name"
            maxLength={FIELD_MAX_LENGTH.lastName}
            required
            onChange={(v) => change({ lastName: v }, 'later')}
            onBlur={() => blur('lastName')}
          />
        </div>
        <div className="co-row">
          <TextField
            field="emailAddress"
            label="E-mailadres"
            type="email"
            value={values.emailAddress}
            error={errors.emailAddress}
            autoComplete="email"
            maxLength={FIELD_MAX_LENGTH.emailAddress}
            required
            onChange={(v) => change({ emailAddress: v }, 'later')}
            onBlur={() => blur('emailAddress')}
          />
          <TextField
            field="phoneNumber"
            label="Telefoonnummer"
            type="tel"
            value={values.phoneNumber}
            error={errors.phoneNumber}
            autoComplete="tel"
            maxLength={FIELD_MAX_LENGTH.phoneNumber}
            required
            onChange={(v) => change({ phoneNumber: v }, 'later')}
            onBlur={() => blur('phoneNumber')}
          />
        </div>
        <CheckField
          field="company"
          label="Ik bestel voor een bedrijf"
          checked={values.company}
          onChange={(checked) => change({ company: checked }, 'now')}
        />
        {values.company && (
          <div className="co-row">
            <TextField
              field="companyName"
              label="Bedrijfsnaam"
              value={values.companyName}
              error={errors.companyName}
              autoComplete="organization"
              maxLength={FIELD_MAX_LENGTH.companyName}
              required
              onChange={(v) => change({ companyName: v }, 'later')}
              onBlur={() => blur('companyName')}
            />
            <TextField
              field="vatNumber"
              label="Btw-nummer"
              hint="Bijvoorbeeld NL123456789B01 of BE0123456789"
              value={values.vatNumber}
              error={errors.vatNumber}
              maxLength={FIELD_MAX_LENGTH.vatNumber}
              required
              onChange={(v) => change({ vatNumber: v }, 'later')}
              onBlur={() => blur('vatNumber')}
            />
          </div>
        )}
      </section>

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
          now={now}
          cutoff={props.calendar.sameDayCutoff}
          disableFloorSelection={cart.disableFloorSelection ?? false}
          pickup={props.pickup}
          values={values}
          errors={errors}
          onDeliveryType={chooseDeliveryType}
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

      <CheckoutSummary
        title="Overzicht van je bestelling"
        lines={lines}
        totals={cart}
        paymentChosen={Boolean(paymentValue)}
        busy={pending}
      />
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
}

function CheckoutView(props: Props) {
  const cart = useStore($cart, { ssr: 'initial' });
  const status = useStore($cartStatus, { ssr: 'initial' });
  // The store drops the cart as soon as the order is placed; from then on this page says where it goes next.
  const [placed, setPlaced] = useState<LastOrder | null>(null);

  if (placed || !cart || Object.keys(cart.items).length === 0) {
    if (!placed && status !== 'ready')
      return (
        <>
          <h1>Afrekenen</h1>
          <p aria-busy="true">Je gegevens worden geladen…</p>
        </>
      );
    return <EmptyCheckout placed={placed} />;
  }
  return <CheckoutForm key={cart.cartId} cart={cart} props={props} onPlaced={setPlaced} />;
}

export default function Checkout(props: Props) {
  useEffect(() => {
    enableLocalTotals(props.settings);
    startCart();
  }, [props.settings]);
  return (
    <CartIsland support={props.support}>
      <CheckoutView {...props} />
    </CartIsland>
  );
}
