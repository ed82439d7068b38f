// The logos of one payment method at checkout (src/lib/payment-logos.ts), each an image with the brand's name.
import { PAYMENT_LOGO_NAMES, paymentLogoHref } from '../lib/payment-logos.ts';
import type { PaymentLogoId } from '../schemas/payment.ts';

export default function PaymentLogos({ logos }: { logos: readonly PaymentLogoId[] }) {
  if (logos.length === 0) return null;
  return (
    <span className="pay-logos">
      {logos.map((id) => (
        <svg key={id} role="img" aria-label={PAYMENT_LOGO_NAMES[id]} viewBox="0 0 48 32" width="48" height="32">
          <use href={paymentLogoHref(id)} />
        </svg>
      ))}
    </span>
  );
}
