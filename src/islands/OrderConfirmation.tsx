// The details of a placed order on /bestelling/{orderId}/: items, totals, delivery choice, addresses and payment,
// read from GET /api/orders/{orderId}/ with the shopper's token (only the browser knows it; the page around this
// island shows the status and the order reference without it). Also makes sure the ordered cart is gone.
import { useEffect, useState } from 'react';
import { apiFetch } from '../client/api.ts';
import { getToken } from '../client/app-state.ts';
import { readCartId } from '../client/cookies.ts';
import type { CartItems } from '../domain/cart.ts';
import { dayLabel, weekLabel } from '../domain/delivery-calendar.ts';
import { toApiError } from '../domain/error-catalogue.ts';
import type { DeliveryType } from '../schemas/site.ts';
import { DELIVERY_TYPE_LABELS, floorLabel } from '../domain/texts.ts';
import { LAST_ORDER_KEY, mondayOfIsoWeek } from './checkout/form.ts';
import CheckoutSummary, { summaryLines, type SummaryTotals } from './CheckoutSummary.tsx';
import './checkout.css';

type Address = { street: string; houseNumber: string; houseNumberAddition: string; postalCode: string; city: string; country: string };

/** The part of the order (src/server/cart-service.ts Order) this page shows. */
type OrderView = {
  orderRef: string;
  createdAt: string;
  customer: { firstName?: string; lastName?: string; emailAddress?: string; companyName?: string };
  shippingAddress: Address;
  invoiceAddress: Address | null;
  delivery: {
    deliveryType: DeliveryType;
    deliveryDay: string | null;
    deliveryWeek: string | null;
    floor: number | null;
    elevator: boolean;
    takeRetour: boolean;
    notes: string;
  };
  items: CartItems;
  products: Record<string, { brand: string; name: string; price: number }>;
  combinations: Record<string, { combinationId: number; price: number }>;
  totals: SummaryTotals;
  payment: { label: string };
};

const countryNames: Record<string, string> = { NL: 'Nederland', BE: 'België' };

function AddressLines({ address, name }: { address: Address; name?: string }) {
  return (
    <p>
      {name && (
        <>
          {name}
          <br />
        </>
      )}
      {address.street} {address.houseNumber}
      {address.houseNumberAddition ? ` ${address.houseNumberAddition}` : ''}
      <br />
      {address.postalCode} {address.city}
      <br />
      {countryNames[address.country] ?? address.country}
    </p>
  );
}

function when(delivery: OrderView['delivery']): string {
  if (delivery.deliveryType === 'pickUp') return 'We laten je weten wanneer je bestelling klaarstaat.';
  if (delivery.deliveryDay) return dayLabel(delivery.deliveryDay);
  const monday = delivery.deliveryWeek ? mondayOfIsoWeek(delivery.deliveryWeek) : null;
  return monday ? weekLabel(monday) : 'We nemen contact met je op om de dag af te spreken.';
}

function Details({ order }: { order: OrderView }) {
  const { delivery, customer } = order;
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ');
  const delivered = delivery.deliveryType !== 'pickUp';
  return (
    <div className="order-details">
      <CheckoutSummary
        title="Je bestelling"
        lines={summaryLines(order.items, order.products, order.combinations)}
        totals={order.totals}
        paymentChosen
      />
      <section aria-labelledby="order-delivery">
        <h2 id="order-delivery">{delivered ? 'Bezorging' : 'Afhalen'}</h2>
        <dl className="facts">
          <dt>Hoe</dt>
          <dd>{DELIVERY_TYPE_LABELS[delivery.deliveryType]}</dd>
          <dt>{delivered ? 'Wanneer' : 'Klaar voor je'}</dt>
          <dd>{when(delivery)}</dd>
          {delivered && (
            <>
              <dt>Verdieping</dt>
              <dd>
                {floorLabel(delivery.floor ?? 0)}
                {delivery.elevator ? ', met lift' : ''}
              </dd>
              <dt>Oude apparaat meenemen</dt>
              <dd>{delivery.takeRetour ? 'Ja' : 'Nee'}</dd>
            </>
          )}
          {delivery.notes && (
            <>
              <dt>Opmerking</dt>
              <dd>{delivery.notes}</dd>
            </>
          )}
          <dt>Betaalmethode</dt>
          <dd>{order.payment.label}</dd>
        </dl>
      </section>
      <section aria-labelledby="order-address">
        <h2 id="order-address">{delivered ? 'Bezorgadres' : 'Je adres'}</h2>
        <AddressLines address={order.shippingAddress} name={[customer.companyName, name].filter(Boolean).join(', ')} />
        {customer.emailAddress && <p>De bevestiging sturen we naar {customer.emailAddress}.</p>}
        {order.invoiceAddress && (
          <>
            <h3>Factuuradres</h3>
            <AddressLines address={order.invoiceAddress} />
          </>
        )}
      </section>
    </div>
  );
}

type State = { kind: 'loading' } | { kind: 'ready'; order: OrderView } | { kind: 'failed'; message: string };

/** Forgets the order the checkout of this tab placed once nothing is left to do for it (the checkout offers to pay
 *  an order that is still open when the shopper comes back to it). */
function forgetPlacedOrder(orderId: string): void {
  try {
    const raw = sessionStorage.getItem(LAST_ORDER_KEY);
    if (raw && (JSON.parse(raw) as { orderId?: string }).orderId === orderId) sessionStorage.removeItem(LAST_ORDER_KEY);
  } catch {
    // Nothing stored, or storage blocked.
  }
}

type Props = {
  orderId: string;
  /** Paid, or paid at delivery or pickup: the shopper has nothing left to do. */
  settled: boolean;
};

export default function OrderConfirmation({ orderId, settled }: Props) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (settled) forgetPlacedOrder(orderId);
    // An ordered cart is locked; loading it makes the store drop it, so the badge shows nothing any more.
    if (readCartId()) void import('../stores/cart.ts').then(({ startCart }) => startCart());
    const token = getToken();
    if (!token) {
      setState({
        kind: 'failed',
        message:
          'De details van deze bestelling zie je alleen in de browser waarin je hebt besteld. Je vindt ze ook in de bevestiging per e-mail.',
      });
      return;
    }
    apiFetch<OrderView>(`orders/${orderId}/`, { token })
      .then(({ data }) => setState({ kind: 'ready', order: data }))
      .catch((thrown) => {
        const code = toApiError(thrown).code;
        setState({
          kind: 'failed',
          message:
            code === 401 || code === 403 || code === 404
              ? 'De details van deze bestelling zie je alleen in de browser waarin je hebt besteld. Je vindt ze ook in de bevestiging per e-mail.'
              : 'De details van je bestelling konden niet worden geladen. Vernieuw de pagina of probeer het later nog eens.',
        });
      });
  }, [orderId, settled]);

  if (state.kind === 'loading')
    return (
      <p className="hint" aria-busy="true">
        De gegevens van je bestelling worden geladen…
      </p>
    );
  if (state.kind === 'failed') return <p className="hint">{state.message}</p>;
  return <Details order={state.order} />;
}
