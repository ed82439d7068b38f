// Step 4 of the checkout: the payment methods that this country and delivery type allow (availablePaymentMethods
// of src/domain/payment.ts), each with its fee and its logos, as one radio group. The logos stand beside the label,
// not in it, so a radio's name stays the method and its fee ("iDEAL gratis", not "iDEAL iDEAL gratis").
import type { PaymentMethodOption } from '../domain/payment.ts';
import { chargeOf, formatCharge } from '../domain/services.ts';
import { fieldId } from './checkout/form.ts';
import { describedBy, FieldError } from './CheckoutField.tsx';
import PaymentLogos from './PaymentLogos.tsx';

type Props = {
  methods: PaymentMethodOption[];
  value: string | null;
  error: string | undefined;
  onChange: (key: PaymentMethodOption['key']) => void;
};

export default function PaymentMethods({ methods, value, error, onChange }: Props) {
  const field = 'paymentMethod';
  return (
    <fieldset
      className="co-choices co-payment"
      id={fieldId(field)}
      role="radiogroup"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(field, error)}
    >
      <legend>Kies hoe je betaalt</legend>
      {methods.map((method) => {
        const descriptionId = `${fieldId(field)}-${method.key}`;
        return (
          <div key={method.key} className="co-choice co-pay">
            <label>
              <input
                type="radio"
                name={field}
                value={method.key}
                checked={value === method.key}
                aria-describedby={descriptionId}
                onChange={() => onChange(method.key)}
              />
              <strong>{method.label}</strong>
              <span className="option-price">{formatCharge(chargeOf(method.fee), { added: true })}</span>
            </label>
            <PaymentLogos logos={method.logos} />
            <span id={descriptionId} className="hint">
              {method.description}
            </span>
          </div>
        );
      })}
      <FieldError field={field} error={error} />
    </fieldset>
  );
}
