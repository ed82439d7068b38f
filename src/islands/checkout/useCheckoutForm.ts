// The checkout form's state: the values as typed, which fields the shopper has left, what the server refused, and
// saving each change on the cart (typing once the shopper pauses, choices at once). A payment method that the
// country or delivery type no longer allows is dropped rather than kept invisibly.
import { useEffect, useState } from 'react';
import { deriveDeliveryType } from '../../domain/cart-queries.ts';
import type { ShownCart } from '../../domain/cart-schema.ts';
import { isPaymentMethodAllowed } from '../../domain/payment.ts';
import type { DeliveryType } from '../../schemas/delivery.ts';
import type { PaymentSettings } from '../../schemas/payment.ts';
import { updateCartFields } from '../../stores/cart.ts';
import { chooseDeliveryType } from './delivery.ts';
import { createFieldSaver, errorsByField, valuesFromCart, wireFields, type CheckoutValues } from './form.ts';

/** Typing is saved once the shopper pauses this long. */
const SAVE_DELAY_MS = 700;

export type SaveMode = 'later' | 'now';

export function useCheckoutForm(cart: ShownCart, payment: Pick<PaymentSettings, 'methods'>) {
  const [values, setValues] = useState<CheckoutValues>(() => valuesFromCart(cart));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

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
  /** Whether a method may stay chosen (the server checks the same on submit). */
  const allowed = (method: CheckoutValues['paymentMethod'], country: CheckoutValues['shippingCountry'], type: DeliveryType) =>
    isPaymentMethodAllowed(payment, method, { country, deliveryType: type });

  function change(fields: Partial<CheckoutValues>, mode: SaveMode) {
    const next = { ...values, ...fields };
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

  function chooseDelivery(type: DeliveryType) {
    chooseDeliveryType(cart, type);
    if (values.paymentMethod && !allowed(values.paymentMethod, values.shippingCountry, type)) change({ paymentMethod: null }, 'now');
  }

  const blur = (field: string) => setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));

  return {
    values,
    touched,
    serverErrors,
    setServerErrors,
    deliveryType,
    /** The chosen payment method while it is still allowed, else null. */
    paymentValue: allowed(values.paymentMethod, values.shippingCountry, deliveryType) ? values.paymentMethod : null,
    change,
    blur,
    chooseDelivery,
    /** Takes the changes still waiting to be saved (the submit sends every value along). */
    takeWaiting: () => saver.take(),
  };
}
