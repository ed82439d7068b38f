// "Vooraf overmaken" on the order confirmation: the account of the shopper's country, the amount and the order
// reference as payment reference, each with a copy button (Clipboard API) and a visible "Gekopieerd" status in a live
// region. Rendered on the server with the values, so they are there without JavaScript; the buttons appear once the
// island runs, since they do nothing before that.
import { useEffect, useState } from 'react';
import { formatEuro } from '../domain/money.ts';
import type { BankTransferDetails as Details } from '../domain/payment.ts';
import './checkout.css';

type Row = { label: string; shown: string; copied: string };

function rows(details: Details): Row[] {
  return [
    // A banking app wants the amount as a number: '499,00', not '€ 499,00'.
    { label: 'Bedrag', shown: formatEuro(details.amount), copied: (details.amount / 100).toFixed(2).replace('.', ',') },
    { label: 'IBAN', shown: details.iban, copied: details.iban.replace(/\s/g, '') },
    { label: 'BIC', shown: details.bic, copied: details.bic },
    { label: 'Ten name van', shown: details.accountName, copied: details.accountName },
    { label: 'Betalingskenmerk', shown: details.reference, copied: details.reference },
  ];
}

export default function BankTransferDetails({ details }: { details: Details }) {
  const [ready, setReady] = useState(false);
  const [status, setStatus] = useState('');
  useEffect(() => setReady(typeof navigator !== 'undefined' && navigator.clipboard !== undefined), []);

  async function copy(row: Row) {
    try {
      await navigator.clipboard.writeText(row.copied);
      setStatus(`Gekopieerd: ${row.label}`);
    } catch {
      setStatus(`Kopiëren lukt niet. Selecteer ${row.label === 'Bedrag' ? 'het bedrag' : `de ${row.label}`} en kopieer het zelf.`);
    }
  }

  return (
    <section className="panel transfer" aria-labelledby="transfer-heading">
      <h2 id="transfer-heading">Zo betaal je</h2>
      <p>Maak het bedrag over naar onze rekening en vermeld het betalingskenmerk, dan herkennen we je betaling meteen.</p>
      <dl className="facts">
        {rows(details).map((row) => (
          <div key={row.label} className="transfer-row">
            <dt>{row.label}</dt>
            <dd>
              <span className="transfer-value">{row.shown}</span>
              {ready && (
                <button type="button" className="btn secondary" aria-label={`Kopieer ${row.label}`} onClick={() => void copy(row)}>
                  Kopieer
                </button>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p className="transfer-status" role="status" aria-live="polite">
        {status}
      </p>
      <p className="hint">
        Zodra je betaling binnen is, sturen we je een bevestiging en plannen we je bestelling in; meestal binnen twee werkdagen.
      </p>
    </section>
  );
}
