// The payment logos of the checkout and the footer. The drawings (src/assets/payment-logos.svg, drawn for this shop
// in the brands' colours) are one sprite that the build emits as a hashed file: a page's HTML carries only
// `<svg><use href="…#visa"/></svg>`, and the sprite is fetched once and cached for a year. `no-inline` keeps Vite from
// turning the small file into a data: URL, which `<use>` does not accept.
import sprite from '../assets/payment-logos.svg?url&no-inline';
import type { PaymentLogoId, PaymentSettings } from '../schemas/payment.ts';

/** The accessible name of each logo, read out instead of the drawing. */
export const PAYMENT_LOGO_NAMES: Record<PaymentLogoId, string> = {
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  visa: 'Visa',
  mastercard: 'Mastercard',
  americanExpress: 'American Express',
  bankTransfer: 'Bankoverschrijving',
  pin: 'Pinnen',
};

/** The address of one logo in the sprite. */
export function paymentLogoHref(id: PaymentLogoId): string {
  return `${sprite}#${id}`;
}

/** Every logo of the payment methods once, in the order of the methods: what the footer shows. */
export function paymentLogosOf(methods: Pick<PaymentSettings['methods'][number], 'logos'>[]): PaymentLogoId[] {
  return [...new Set(methods.flatMap((m) => m.logos))];
}
