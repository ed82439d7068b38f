// Step 1 of the checkout: the shopper's name, e-mail address and phone number, and the company details when the
// order is for a company. Lengths come from src/domain/limits.ts, like the checks and the server's schema.
import { FIELD_MAX_LENGTH } from '../../domain/limits.ts';
import { CheckField, TextField } from '../CheckoutField.tsx';
import type { CheckoutValues } from './form.ts';
import type { SaveMode } from './useCheckoutForm.ts';

type Props = {
  values: CheckoutValues;
  errors: Record<string, string>;
  onChange: (fields: Partial<CheckoutValues>, mode: SaveMode) => void;
  onBlur: (field: string) => void;
};

export default function DetailsStep({ values, errors, onChange: change, onBlur: blur }: Props) {
  return (
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
  );
}
