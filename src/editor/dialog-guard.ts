// Keeps a list item's dialog open while one of its fields is wrong. Keystatic (0.6) checks an item only when it is
// added: the "Done" of an existing item's dialog submits the dialog's form and closes it whatever its fields hold, so
// an editor who typed 25:00 would see the dialog go and the save later refused without a word. While a field of ours
// (src/editor/leaf-fields.ts) is wrong, its listener on that form takes the submit first and stops it there: the
// dialog stays, the field's message shows, and the focus goes to the first wrong field.
import { type RefObject, useEffect } from 'react';

/**
 * `wrong`: the field's value does not fit its schema. `show`: shows the field's message. Only the form of a dialog is
 * guarded; the entry's own save checks every field itself.
 */
export function useDialogGuard(field: RefObject<HTMLElement | null>, wrong: boolean, show: () => void): void {
  useEffect(() => {
    const form = field.current?.closest('form');
    if (!wrong || !form?.closest('[role="dialog"]')) return;
    const refuse = (event: Event) => {
      if (event.target !== form) return;
      // Every wrong field of the form shows its message; the first one takes the focus.
      const first = !event.defaultPrevented;
      event.preventDefault();
      // Keystatic's handler listens further up (React's root), so it never sees this submit.
      event.stopPropagation();
      show();
      if (first) field.current?.querySelector<HTMLElement>('input, textarea, button')?.focus();
    };
    form.addEventListener('submit', refuse);
    return () => form.removeEventListener('submit', refuse);
  }, [field, wrong, show]);
}
