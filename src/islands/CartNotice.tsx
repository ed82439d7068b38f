// The cart's notice of a choice the rules switched off on their own (SPEC §4), with "Ongedaan maken": rendered
// inside a polite live region of the island where the shopper made the change (the buy box, a set, a cart line).
// The region is always in the page, so what appears in it is announced.
import { useStore } from '@nanostores/react';
import type { MouseEvent } from 'react';
import { $cartNotice, undoLastChange } from '../stores/cart.ts';

/** The notice for the item `itemKey` (or for any item), as phrasing content for a live region. */
export function CartNoticeText({ itemKey }: { itemKey?: string }) {
  const notice = useStore($cartNotice, { ssr: 'initial' });
  if (!notice || (itemKey !== undefined && notice.key !== itemKey)) return null;

  function undo(event: MouseEvent<HTMLButtonElement>) {
    // The button goes away with the click: keep the keyboard where the answer will be said.
    const region = event.currentTarget.closest<HTMLElement>('[aria-live]');
    region?.focus();
    void undoLastChange();
  }

  return (
    <span className="cart-notice" data-notice={notice.id}>
      {notice.messages.join(' ')}
      {notice.canUndo && (
        <>
          {' '}
          <button type="button" className="link-button" onClick={undo}>
            Ongedaan maken
          </button>
        </>
      )}
    </span>
  );
}
