// "Offerte aanvragen" on the cart page: the shopper's name, e-mail address, phone number and a message, sent with the
// cart's items to POST /api/quotes/. Loaded only when the shopper opens it (React.lazy in CartPage), so the cart page
// carries none of it up front. The answer names the reference; the e-mail that confirms it is queued by the server.
import { useState, type FormEvent } from 'react';
import { ApiError } from '../domain/errors.ts';
import { isValidEmail } from '../domain/contact.ts';
import { FIELD_MAX_LENGTH as MAX } from '../domain/limits.ts';
import type { ShownCart } from '../stores/cart.ts';
import { apiFetch, ensureToken } from '../stores/cart-remote.ts';

type Values = { firstName: string; lastName: string; emailAddress: string; phoneNumber: string; notes: string };
type Errors = Partial<Record<keyof Values | 'form', string>>;

const FIELDS: { name: keyof Values; label: string; type: string; autoComplete: string; max: number; optional?: boolean }[] = [
  { name: 'firstName', label: 'Voornaam', type: 'text', autoComplete: 'given-name', max: MAX.firstName },
  { name: 'lastName', label: 'Achternaam', type: 'text', autoComplete: 'family-name', max: MAX.lastName },
  { name: 'emailAddress', label: 'E-mailadres', type: 'email', autoComplete: 'email', max: MAX.emailAddress },
  { name: 'phoneNumber', label: 'Telefoonnummer (niet verplicht)', type: 'tel', autoComplete: 'tel', max: MAX.phoneNumber, optional: true },
];

function check(values: Values): Errors {
  const errors: Errors = {};
  if (!values.firstName.trim()) errors.firstName = 'Vul je voornaam in.';
  if (!values.lastName.trim()) errors.lastName = 'Vul je achternaam in.';
  if (!isValidEmail(values.emailAddress)) errors.emailAddress = 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.';
  return errors;
}

export default function QuoteRequestForm({ cart, onClose }: { cart: ShownCart; onClose: () => void }) {
  const [values, setValues] = useState<Values>({ firstName: '', lastName: '', emailAddress: '', phoneNumber: '', notes: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [reference, setReference] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`quote-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const items = Object.fromEntries(
        Object.entries(cart.items).map(([key, item]) => [
          key,
          { productId: item.productId, ...(item.combinationId ? { combinationId: item.combinationId } : {}), qty: item.qty },
        ]),
      );
      const token = await ensureToken();
      const { data } = await apiFetch<{ quoteId: string; reference: string }>('quotes/', {
        method: 'POST',
        token,
        body: {
          items,
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          emailAddress: values.emailAddress.trim(),
          phoneNumber: values.phoneNumber.trim() || null,
          notes: values.notes.trim() || null,
        },
      });
      setReference(data.reference);
    } catch (thrown) {
      const error = thrown instanceof ApiError ? thrown : null;
      const fieldErrors: Errors = {};
      for (const e of error?.errors ?? []) if (e.field in values) fieldErrors[e.field as keyof Values] = e.errorMessage;
      setErrors({ ...fieldErrors, form: error?.summary || 'Je aanvraag kon niet worden verstuurd. Probeer het opnieuw.' });
    } finally {
      setBusy(false);
    }
  }

  if (reference)
    return (
      <section className="panel quote-request" aria-labelledby="quote-request-title">
        <h2 id="quote-request-title">Offerte aangevraagd</h2>
        <p role="status">
          Bedankt! We hebben je offerteaanvraag ontvangen onder kenmerk <strong>{reference}</strong>. Je krijgt een bevestiging per e-mail,
          en binnen twee werkdagen je offerte.
        </p>
        <button type="button" className="btn secondary" onClick={onClose}>
          Sluiten
        </button>
      </section>
    );

  const set = (name: keyof Values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  return (
    <section className="panel quote-request" aria-labelledby="quote-request-title">
      <h2 id="quote-request-title">Offerte aanvragen</h2>
      <p>Vraag een offerte aan voor de artikelen in je winkelwagen. Een adviseur stuurt je binnen twee werkdagen een offerte per e-mail.</p>
      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
      <form onSubmit={submit} noValidate className="quote-form">
        {FIELDS.map((f) => (
          <div className="quote-field" key={f.name}>
            <label htmlFor={`quote-${f.name}`}>{f.label}</label>
            <input
              id={`quote-${f.name}`}
              name={f.name}
              type={f.type}
              autoComplete={f.autoComplete}
              maxLength={f.max}
              required={!f.optional}
              value={values[f.name]}
              aria-invalid={errors[f.name] ? true : undefined}
              aria-describedby={errors[f.name] ? `quote-${f.name}-error` : undefined}
              onChange={(e) => set(f.name)(e.currentTarget.value)}
            />
            {errors[f.name] && (
              <p className="field-error" id={`quote-${f.name}-error`}>
                {errors[f.name]}
              </p>
            )}
          </div>
        ))}
        <div className="quote-field">
          <label htmlFor="quote-notes">Je vraag of wensen (niet verplicht)</label>
          <textarea
            id="quote-notes"
            name="notes"
            rows={4}
            maxLength={MAX.notes}
            value={values.notes}
            onChange={(e) => set('notes')(e.currentTarget.value)}
          />
        </div>
        <p className="btns">
          <button type="submit" className="btn" disabled={busy}>
            {busy ? 'Bezig met versturen…' : 'Offerte aanvragen'}
          </button>
          <button type="button" className="btn secondary" onClick={onClose}>
            Annuleren
          </button>
        </p>
      </form>
    </section>
  );
}
