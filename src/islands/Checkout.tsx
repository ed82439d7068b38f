// The checkout /afrekenen/ (DESIGN §3): the form (checkout/CheckoutForm.tsx) for the shopper's cart, the loading
// and empty states, and where a placed order goes next: the payment page, or straight to the confirmation when it
// is paid at delivery or pickup.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { PlacedOrder } from '../domain/cart-schema.ts';
import { $cart, $cartStatus, startCart } from '../stores/cart.ts';
import { enableLocalTotals } from '../stores/cart-totals.ts';
import CheckoutForm, { type CheckoutSettings } from './checkout/CheckoutForm.tsx';
import EmptyCheckout from './checkout/EmptyCheckout.tsx';
import { CartIsland } from './IslandBoundary.tsx';
import type { SupportContact } from './support-contact.ts';
import './cart.css';
import './checkout.css';
import { showShopMode } from '../client/shop-mode.ts';

type Props = CheckoutSettings & { support: SupportContact };

function CheckoutView(props: CheckoutSettings) {
  const cart = useStore($cart, { ssr: 'initial' });
  const status = useStore($cartStatus, { ssr: 'initial' });
  // The store drops the cart as soon as the order is placed; from then on this page says where it goes next.
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);

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

export default function Checkout({ support, ...props }: Props) {
  useEffect(() => void showShopMode(), []);
  useEffect(() => {
    enableLocalTotals(props.settings);
    startCart();
  }, [props.settings]);
  return (
    <CartIsland support={support}>
      <CheckoutView {...props} />
    </CartIsland>
  );
}
