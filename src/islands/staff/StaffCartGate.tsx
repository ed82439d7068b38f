// The cart page's door to the staff options (shopOptionsShow, issue 10). A guest's cart page runs only this: it reads
// one localStorage key and renders nothing; the options themselves (CartStaffOptions.tsx) are a separate chunk,
// imported only when the app state, asked with the staff token, has the flag on.
import { lazy, Suspense, useEffect, useState } from 'react';
import { staffSignedIn } from '../../client/staff-keys.ts';
import type { ShownCart } from '../../domain/cart-schema.ts';
import type { PickupStore } from '../../domain/pickup-stores.ts';

const CartStaffOptions = lazy(() => import('./CartStaffOptions.tsx'));

export default function StaffCartGate({ cart, pickupStores }: { cart: ShownCart; pickupStores: readonly PickupStore[] }) {
  const [showShopPrices, setShowShopPrices] = useState<boolean | null>(null);
  useEffect(() => {
    if (!staffSignedIn()) return;
    let live = true;
    import('../../client/app-state.ts')
      .then((m) => m.loadAppState())
      .then(({ permissions }) => {
        if (live && permissions.shopOptionsShow) setShowShopPrices(permissions.pricesShopOnlyShow);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  if (showShopPrices === null) return null;
  return (
    <Suspense fallback={null}>
      <CartStaffOptions cart={cart} showShopPrices={showShopPrices} pickupStores={pickupStores} />
    </Suspense>
  );
}
