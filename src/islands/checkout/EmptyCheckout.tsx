// The checkout without a cart: the order this tab just placed (back from the payment page the cart is gone), or
// the empty state.
import type { PlacedOrder } from '../../domain/cart-schema.ts';
import { readLastOrder } from '../../client/last-order.ts';

export default function EmptyCheckout({ placed }: { placed: PlacedOrder | null }) {
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
