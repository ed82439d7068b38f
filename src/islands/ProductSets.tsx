// "Vaak samen gekocht" on a product page: each set (a combination of the product, SPEC §3) with its parts, its own
// price and an "In winkelwagen" button that adds the set as one cart line (`productId_combinationId`). The services
// of a set are those its main product offers (src/domain/product-options.ts offersOption); the shopper picks them in the cart.
//
// Like the buy box, each set is a real GET form to /winkelwagen/?add={productId}&set={combinationId}: a click made
// before any island has loaded is kept by the page's early-buy script and added by the buy box
// (src/stores/early-buy.ts); one made after the buy box but before this island has loaded, or without JavaScript,
// goes to the cart page, which adds the set (or, without JavaScript, says what to do instead).
import { useEffect, useState, type FormEvent } from 'react';
import { itemKey } from '../domain/cart.ts';
import { formatEuro } from '../domain/money.ts';
import { addToCart, startCart, type CartProduct } from '../stores/cart.ts';
import { CartNoticeText } from './CartNotice.tsx';
import { CartIsland } from './IslandBoundary.tsx';
import type { SupportContact } from './support-contact.ts';
import './cart.css';

/** A set as the page shows it; a part is linked when it has a page of its own. */
export type SetOffer = { combinationId: number; name: string; price: number; parts: { name: string; href?: string }[] };

type Props = { product: CartProduct; sets: SetOffer[]; support: SupportContact };

function SetCard({ product, set }: { product: CartProduct; set: SetOffer }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    setBusy(true);
    const result = await addToCart({ product, qty: 1, combinationId: set.combinationId });
    setBusy(false);
    setMessage(result.ok ? { ok: true, text: 'De set is toegevoegd aan je winkelwagen.' } : { ok: false, text: result.message });
  }

  const titleId = `set-${set.combinationId}`;
  return (
    <li className="card set-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{set.name}</h3>
      <p>
        Samen voor <span className="price">{formatEuro(set.price)}</span>
      </p>
      <ul className="set-parts" aria-label="In deze set">
        {set.parts.map((part) => (
          <li key={part.name}>{part.href ? <a href={part.href}>{part.name}</a> : part.name}</li>
        ))}
      </ul>
      <form method="post" action="/winkelwagen/" data-buy-form onSubmit={(e) => void submit(e)}>
        <input type="hidden" name="add" value={product.productId} />
        <input type="hidden" name="set" value={set.combinationId} />
        <button className="btn" type="submit" aria-busy={busy || undefined} aria-describedby={titleId}>
          In winkelwagen
        </button>
      </form>
      <p className="cart-message" aria-live="polite" tabIndex={-1}>
        {message && <span className={message.ok ? 'ok' : 'field-error'}>{message.text}</span>}
        {message?.ok && (
          <>
            {' '}
            <a href="/winkelwagen/">Bekijk je winkelwagen</a>
          </>
        )}
        <CartNoticeText itemKey={itemKey(product.productId, set.combinationId)} />
      </p>
    </li>
  );
}

export default function ProductSets({ product, sets, support }: Props) {
  useEffect(() => {
    // As the buy box: the cart is loaded by the first add, not up front.
    startCart({ load: false });
  }, []);
  return (
    <CartIsland support={support}>
      <ul className="grid set-list">
        {sets.map((set) => (
          <SetCard key={set.combinationId} product={product} set={set} />
        ))}
      </ul>
    </CartIsland>
  );
}
