// The details of a placed order on /bestelling/{orderId}/: items, totals, delivery choice, addresses and payment,
// read from GET /api/orders/{orderId}/ with the shopper's token (only the browser knows it; the page around this
// island shows the status and the order reference without it). Also makes sure the ordered cart is gone.
import { Fragment, useEffect, useState } from 'react';
import { apiFetch } from '../client/api.ts';
import { getToken } from '../client/app-state.ts';
import { readCartId } from '../client/cookies.ts';
import { forgetLastOrder } from '../client/last-order.ts';
import { orderSchema, type Order } from '../domain/cart-schema.ts';
import { floorLabel } from '../domain/delivery-calendar.ts';
import { toApiError } from '../domain/error-catalogue.ts';
import { DELIVERY_TYPE_LABELS } from '../domain/texts.ts';
import { addressLines, orderDeliveryWhen, summaryLines } from '../domain/order-summary.ts';
import { pickupStoreTitle, type PickupStore } from '../domain/pickup-stores.ts';
import CheckoutSummary from './CheckoutSummary.tsx';
import './checkout.css';

function AddressLines({ address, name }: { address: Order['shippingAddress']; name?: string }) {
  const lines = name ? [name, ...addressLines(address)] : addressLines(address);
  return (
    <p>
      {lines.map((line, index) => (
        <Fragment key={line}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </p>
  );
}

function Details({ order, pickupStores }: { order: Order; pickupStores: readonly PickupStore[] }) {
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
          <dd>{orderDeliveryWhen(order)}</dd>
          {!delivered && delivery.pickupStoreId && (
            <>
              <dt>Afhalen in</dt>
              <dd>{pickupStoreTitle(pickupStores, delivery.pickupStoreId)}</dd>
            </>
          )}
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
          {order.payment.status === 'awaitingTransfer' && (
            <>
              <dt>Betaling</dt>
              <dd>We wachten op je overboeking.</dd>
            </>
          )}
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

type State = { kind: 'loading' } | { kind: 'ready'; order: Order } | { kind: 'failed'; message: string };

const LOAD_FAILED = 'De details van je bestelling konden niet worden geladen. Vernieuw de pagina of probeer het later nog eens.';

type Props = {
  orderId: string;
  /** Paid, or paid at delivery or pickup: the shopper has nothing left to do. */
  settled: boolean;
  /** The stores staff may choose for pick-up (content/stores/, staffPickup), for the name of the chosen one. */
  pickupStores: readonly PickupStore[];
};

export default function OrderConfirmation({ orderId, settled, pickupStores }: Props) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    // Nothing left to do for this order: the checkout stops offering to pay it.
    if (settled) forgetLastOrder(orderId);
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
    apiFetch<unknown>(`orders/${orderId}/`, { token })
      .then(({ data }) => {
        // An answer that is not an order (an older or newer server) is shown as not loaded, not half.
        const parsed = orderSchema.safeParse(data);
        setState(parsed.success ? { kind: 'ready', order: parsed.data } : { kind: 'failed', message: LOAD_FAILED });
      })
      .catch((thrown) => {
        const code = toApiError(thrown).code;
        setState({
          kind: 'failed',
          message:
            code === 401 || code === 403 || code === 404
              ? 'De details van deze bestelling zie je alleen in de browser waarin je hebt besteld. Je vindt ze ook in de bevestiging per e-mail.'
              : LOAD_FAILED,
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
  return <Details order={state.order} pickupStores={pickupStores} />;
}
