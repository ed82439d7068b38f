// The header search field on every page: a plain GET form to /zoeken/?q= that works without JavaScript. The
// instant suggestions (search-suggest.ts) are loaded only when the shopper shows intent, i.e. on the first focus of
// (or input in) the field, so no page loads them up front.

/** Marks a form that is already set up, so calling initHeaderSearch twice is harmless. */
const READY = 'suggest';

export function initHeaderSearch(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="q"]');
  if (!input || form.dataset[READY]) return;
  form.dataset[READY] = 'waiting';
  const start = () => {
    input.removeEventListener('focus', start);
    input.removeEventListener('input', start);
    form.dataset[READY] = 'loading';
    import('./search-suggest.ts')
      .then(({ attachSuggestions }) => {
        attachSuggestions(form, input);
        form.dataset[READY] = 'ready';
      })
      // Without suggestions the form still searches: nothing to tell the shopper.
      .catch(() => {
        form.dataset[READY] = 'failed';
      });
  };
  input.addEventListener('focus', start);
  input.addEventListener('input', start);
  if (document.activeElement === input) start();
}
