// The quote block of the cart page in quote mode (SPEC §4): which quote, its discount, and, once the cart no longer
// matches it, why checkout is blocked with the way back ("Offerte herstellen") or on ("Verder zonder offerte").
// Loaded only for a cart in quote mode.
import { quoteMatches } from '../domain/checkout.ts';
import { formatEuro } from '../domain/money.ts';
import { quoteReference } from '../domain/quote.ts';
import type { ShownCart } from '../stores/cart.ts';
import { setQuote } from '../stores/cart-quote.ts';

export default function QuoteBlock({ cart, pending }: { cart: ShownCart; pending: boolean }) {
  const matches = quoteMatches(cart);
  const quoteId = String(cart.quoteRef?.quoteId);
  return (
    <section className="panel quote-block" aria-labelledby="quote-title">
      <h2 id="quote-title">Offerte {quoteReference(quoteId)}</h2>
      <p>
        Deze winkelwagen hoort bij je offerte, met de prijzen en kortingen die we met je hebben afgesproken. Je kunt afrekenen zolang de
        artikelen en aantallen dezelfde zijn als in de offerte.
      </p>
      {matches && cart.quoteRef && cart.quoteRef.discountTotal > 0 && (
        <p>
          Korting volgens je offerte: <strong>{formatEuro(cart.quoteRef.discountTotal)}</strong>
        </p>
      )}
      {!matches && (
        <div className="warn" role="status">
          <p>
            <strong>Je winkelwagen wijkt nu af van de offerte.</strong> Afrekenen kan pas weer als hij overeenkomt met de offerte. Zet de
            offerte terug, of ga verder zonder offerte: dan gelden de gewone prijzen en kortingen van de winkel.
          </p>
          <p className="btns">
            <button type="button" className="btn" disabled={pending} onClick={() => void setQuote(quoteId)}>
              Offerte herstellen
            </button>
            <button type="button" className="btn secondary" disabled={pending} onClick={() => void setQuote(null)}>
              Verder zonder offerte
            </button>
          </p>
        </div>
      )}
    </section>
  );
}
