// An address block of the checkout (shipping or invoice): country, postal code, house number and addition. Once
// postal code and house number are complete, the server looks the address up (POST /api/carts/address/) and fills
// street and place, read-only with a 'Wijzigen' button; an address it does not know switches to typing them in.
import { useRef, useState } from 'react';
import { apiFetch } from '../client/api.ts';
import { countries, normalizePostalCode, parseHouseNumber, type Country } from '../domain/address.ts';
import { toApiError } from '../domain/error-catalogue.ts';
import { FIELD_MAX_LENGTH } from '../domain/limits.ts';
import { ensureToken } from '../stores/app-state.ts';
import { fieldId, type AddressPrefix, type CheckoutValues } from './checkout/form.ts';
import { describedBy, FieldError, TextField } from './CheckoutField.tsx';

type LookupAnswer = {
  manualEntry: boolean;
  message?: string;
  street?: string;
  city?: string;
  postalCode: string;
  houseNumber: string;
  houseNumberAddition: string;
};

type SaveMode = 'later' | 'now';

type Props = {
  prefix: AddressPrefix;
  values: CheckoutValues;
  errors: Record<string, string>;
  onChange: (fields: Partial<CheckoutValues>, mode: SaveMode) => void;
  onBlur: (field: string) => void;
};

const LOOKUP_FAILED = 'We konden je adres nu niet opzoeken. Vul je straat en plaats zelf in.';

export default function AddressFields({ prefix, values, errors, onChange, onBlur }: Props) {
  const f = <S extends string>(part: S) => `${prefix}${part}` as `${AddressPrefix}${S}`;
  const get = (part: string) => values[f(part) as keyof CheckoutValues];
  const country = get('Country') as Country;
  const manual = get('ManualEntry') === true;
  const street = String(get('Street'));
  const city = String(get('City'));
  const [message, setMessage] = useState<string | null>(null);
  const [lookupErrors, setLookupErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const lastKey = useRef<string | null>(null);
  const request = useRef(0);
  const suffix = prefix === 'invoice' ? <span className="sr-only"> van het factuuradres</span> : null;
  const shown = { ...lookupErrors, ...errors };

  async function lookUp(given: Partial<CheckoutValues> = {}) {
    const current = { ...values, ...given } as Record<string, unknown>;
    const land = current[f('Country')] as Country;
    const postalCode = normalizePostalCode(land, String(current[f('PostalCode')] ?? ''));
    const houseNumber = parseHouseNumber(String(current[f('HouseNumber')] ?? ''));
    const addition = String(current[f('HouseNumberAddition')] ?? '').trim();
    if (!postalCode || houseNumber === null || current[f('ManualEntry')] === true) return;
    const key = `${land}|${postalCode}|${houseNumber}|${addition}`;
    if (key === lastKey.current && String(current[f('Street')] ?? '') !== '') return;
    lastKey.current = key;
    const id = ++request.current;
    setBusy(true);
    try {
      const token = await ensureToken();
      const { data } = await apiFetch<LookupAnswer>('carts/address/', {
        body: { country: land, postalCode, houseNumber: String(houseNumber), houseNumberAddition: addition || null },
        token,
      });
      if (id !== request.current) return;
      setLookupErrors({});
      const base = {
        [f('PostalCode')]: data.postalCode,
        [f('HouseNumber')]: data.houseNumber,
        [f('HouseNumberAddition')]: data.houseNumberAddition,
      };
      if (data.manualEntry) {
        setMessage(data.message ?? LOOKUP_FAILED);
        onChange({ ...base, [f('ManualEntry')]: true }, 'now');
      } else {
        setMessage(
          `Adres gevonden: ${data.street} ${data.houseNumber}${data.houseNumberAddition ? ` ${data.houseNumberAddition}` : ''}, ${data.postalCode} ${data.city}.`,
        );
        onChange({ ...base, [f('Street')]: data.street ?? '', [f('City')]: data.city ?? '', [f('ManualEntry')]: false }, 'now');
      }
    } catch (thrown) {
      if (id !== request.current) return;
      const error = toApiError(thrown);
      lastKey.current = null;
      if (error.code === 422 && error.errors.length > 0) {
        const mapped: Record<string, string> = {};
        for (const e of error.errors) {
          const part = e.field.charAt(0).toUpperCase() + e.field.slice(1);
          mapped[f(part)] ??= e.errorMessage;
        }
        setLookupErrors(mapped);
        setMessage(null);
      } else {
        setMessage(LOOKUP_FAILED);
        onChange({ [f('ManualEntry')]: true }, 'now');
      }
    } finally {
      if (id === request.current) setBusy(false);
    }
  }

  /** Postal code or house number changed: a looked-up street and place no longer belong to it. */
  function changeKeyPart(part: 'PostalCode' | 'HouseNumber' | 'HouseNumberAddition', value: string) {
    setLookupErrors((current) => {
      const { [f(part)]: _gone, ...rest } = current;
      return rest;
    });
    const fields: Partial<CheckoutValues> = { [f(part)]: value };
    if (!manual && part !== 'HouseNumberAddition' && (street || city)) Object.assign(fields, { [f('Street')]: '', [f('City')]: '' });
    onChange(fields, 'later');
  }

  function leave(part: string) {
    onBlur(f(part));
    void lookUp();
  }

  function chooseCountry(code: Country) {
    const fields = { [f('Country')]: code } as Partial<CheckoutValues>;
    if (!manual) Object.assign(fields, { [f('Street')]: '', [f('City')]: '' });
    onChange(fields, 'now');
    lastKey.current = null;
    void lookUp(fields);
  }

  function edit() {
    setMessage(null);
    onChange({ [f('ManualEntry')]: true }, 'now');
    // The street field becomes editable in the next render; move there so the shopper can type at once.
    requestAnimationFrame(() => document.getElementById(fieldId(f('Street')))?.focus());
  }

  const countryField = f('Country');
  const countryError = shown[countryField];
  // Before the look-up has filled them, street and place are not the shopper's to fix: the postal code is.
  const keyIncomplete = Boolean(shown[f('PostalCode')] || shown[f('HouseNumber')]);
  const streetError = manual || !keyIncomplete ? shown[f('Street')] : undefined;
  const cityError = manual || !keyIncomplete ? shown[f('City')] : undefined;
  const postalHint = country === 'NL' ? 'Bijvoorbeeld 1234 AB' : 'Vier cijfers, bijvoorbeeld 2000';

  return (
    <div className="co-address">
      <fieldset
        className="co-choices co-inline"
        id={fieldId(countryField)}
        role="radiogroup"
        aria-invalid={countryError ? true : undefined}
        aria-describedby={countryError ? describedBy(countryField, countryError) : undefined}
      >
        <legend>Land{suffix}</legend>
        {countries.map((c) => (
          <label key={c.code}>
            <input type="radio" name={countryField} value={c.code} checked={country === c.code} onChange={() => chooseCountry(c.code)} />
            {c.name}
          </label>
        ))}
        <FieldError field={countryField} error={countryError} />
      </fieldset>
      <div className="co-row">
        <TextField
          field={f('PostalCode')}
          label={<>Postcode{suffix}</>}
          hint={postalHint}
          value={String(get('PostalCode'))}
          error={shown[f('PostalCode')]}
          autoComplete={`${prefix === 'invoice' ? 'billing' : 'shipping'} postal-code`}
          maxLength={FIELD_MAX_LENGTH.postalCode}
          required
          onChange={(v) => changeKeyPart('PostalCode', v)}
          onBlur={() => leave('PostalCode')}
          className="co-postal"
        />
        <TextField
          field={f('HouseNumber')}
          label={<>Huisnummer{suffix}</>}
          value={String(get('HouseNumber'))}
          error={shown[f('HouseNumber')]}
          inputMode="numeric"
          maxLength={FIELD_MAX_LENGTH.houseNumber}
          required
          onChange={(v) => changeKeyPart('HouseNumber', v)}
          onBlur={() => leave('HouseNumber')}
          className="co-number"
        />
        <TextField
          field={f('HouseNumberAddition')}
          label={<>Toevoeging{suffix}</>}
          value={String(get('HouseNumberAddition'))}
          error={shown[f('HouseNumberAddition')]}
          maxLength={FIELD_MAX_LENGTH.houseNumberAddition}
          onChange={(v) => changeKeyPart('HouseNumberAddition', v)}
          onBlur={() => leave('HouseNumberAddition')}
          className="co-addition"
        />
      </div>
      <p className="co-lookup" role="status" aria-live="polite">
        {busy ? 'Adres opzoeken…' : message}
      </p>
      <div className="co-row">
        <TextField
          field={f('Street')}
          label={<>Straat{suffix}</>}
          value={street}
          error={streetError}
          readOnly={!manual}
          autoComplete={manual ? `${prefix === 'invoice' ? 'billing' : 'shipping'} address-line1` : 'off'}
          maxLength={FIELD_MAX_LENGTH.street}
          required
          onChange={(v) => onChange({ [f('Street')]: v }, 'later')}
          onBlur={() => onBlur(f('Street'))}
          className="co-street"
        />
        <TextField
          field={f('City')}
          label={<>Plaats{suffix}</>}
          value={city}
          error={cityError}
          readOnly={!manual}
          autoComplete={manual ? `${prefix === 'invoice' ? 'billing' : 'shipping'} address-level2` : 'off'}
          maxLength={FIELD_MAX_LENGTH.city}
          required
          onChange={(v) => onChange({ [f('City')]: v }, 'later')}
          onBlur={() => onBlur(f('City'))}
          className="co-city"
        />
      </div>
      {!manual && (
        <p className="hint">
          {street
            ? 'Straat en plaats hebben we bij je postcode opgezocht. '
            : 'Straat en plaats vullen we in zodra je postcode en huisnummer hebt ingevuld. '}
          <button type="button" className="link-button" onClick={edit}>
            Wijzigen<span className="sr-only">: straat en plaats zelf invullen</span>
          </button>
        </p>
      )}
    </div>
  );
}
