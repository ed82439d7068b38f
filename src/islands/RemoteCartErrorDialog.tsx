// The remote-cart error dialog (SPEC §2, §4): it opens when the cart API keeps answering 403. A modal <dialog>
// (the browser keeps focus inside it and closes it on Escape); closing it, in any way, starts the 403 count again.
import { useEffect, useRef } from 'react';
import { loadCart, resetCart } from '../stores/cart.ts';
import { closeRemoteCartError } from '../stores/ui.ts';
import type { SupportContact } from './support-contact.ts';

export default function RemoteCartErrorDialog({ support }: { support: SupportContact }) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const close = () => closeRemoteCartError();
  const retry = () => {
    close();
    void loadCart();
  };
  const startOver = () => {
    resetCart();
    close();
  };

  return (
    <dialog ref={ref} className="cart-dialog" aria-labelledby="cart-dialog-title" aria-describedby="cart-dialog-text" onClose={close}>
      <h2 id="cart-dialog-title">Je winkelwagen is niet bereikbaar</h2>
      <p id="cart-dialog-text">
        We kunnen je winkelwagen op dit moment niet laden of opslaan. Probeer het opnieuw, of begin met een nieuwe winkelwagen. Lukt het dan
        nog niet, bel of mail onze klantenservice: we helpen je graag verder.
      </p>
      <p className="btns">
        {/* biome-ignore lint/a11y/noAutofocus: a modal dialog moves focus to its first action when it opens */}
        <button type="button" className="btn" onClick={retry} autoFocus>
          Opnieuw proberen
        </button>
        <button type="button" className="btn secondary" onClick={startOver}>
          Nieuwe winkelwagen beginnen
        </button>
      </p>
      <p>
        Klantenservice: <a href={support.phoneHref}>{support.phone}</a> of <a href={`mailto:${support.email}`}>{support.email}</a>
      </p>
      <form method="dialog">
        <button type="submit" className="btn secondary">
          Sluiten
        </button>
      </form>
    </dialog>
  );
}
