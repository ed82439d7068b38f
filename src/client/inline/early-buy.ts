// Inline on a product page, before its buy box (src/pages/[top]/[sub]/[product].astro): keeps the submits of a buy
// form ([data-buy-form]) made before the buy-box island has hydrated in window.__buyQueue, as the forms' fields; the
// island takes them on hydration (takeEarlyBuys in ../../stores/early-buy.ts). Should the island not come within 8
// seconds (its script blocked or failed), the form is sent the plain way, a post to /winkelwagen/, which adds it.
import type { BuyFields, BuyWindow } from '../../stores/early-buy.ts';

const page = window as Window & BuyWindow;
const queue = (page.__buyQueue = page.__buyQueue || []);
document.addEventListener(
  'submit',
  (event) => {
    const form = event.target as HTMLFormElement;
    if (page.__buyReady || !form.matches || !form.matches('[data-buy-form]')) return;
    event.preventDefault();
    queue.push(Array.from(new FormData(form)) as BuyFields);
    form.setAttribute('aria-busy', 'true');
    page.__buyTimer =
      page.__buyTimer ||
      setTimeout(() => {
        if (page.__buyReady) return;
        page.__buyGaveUp = true;
        queue.length = 0;
        form.submit();
      }, 8000);
  },
  true,
);
