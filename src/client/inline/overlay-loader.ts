// Inline at the end of every shop page (src/components/Footer.astro): all a content page runs until the shopper shows
// intent. The two desktop overlays (mega menu, live-chat panel; src/client/overlays/, built by
// src/integrations/overlays.ts) load lazily, on first intent, and only when the initial breakpoint is md or larger.
// Every live-chat launcher (the footer's, a product page's "Chat over dit product") opens the same panel.
//
// It also loads the staff display (src/client/staff/display.ts) when staff are signed in, before the breakpoint check:
// staff use phones in the store too. A guest's page only reads one localStorage key for it.
import type * as LiveChat from '../overlays/live-chat.ts';
import type * as MegaMenu from '../overlays/mega-menu.ts';
import { STAFF_KEY } from '../staff-keys.ts';

/** A module by its address under /_app/ (not bundled: it is a file of its own). */
const load = <T>(url: string): Promise<T> => import(url);
const overlay = <T>(name: string) => load<T>(`/_app/overlays/${name}.js`);

try {
  if (localStorage.getItem(STAFF_KEY)) load('/_app/staff/display.js');
} catch {}

// The md breakpoint.
if (matchMedia('(min-width: 768px)').matches) {
  const nav = document.querySelector<HTMLElement>('nav.main');
  if (nav) {
    const open = (event: Event) => {
      nav.removeEventListener('pointerover', open);
      nav.removeEventListener('focusin', open);
      overlay<typeof MegaMenu>('mega-menu').then((menu) => {
        menu.init(nav, event.target);
      });
    };
    nav.addEventListener('pointerover', open);
    nav.addEventListener('focusin', open);
  }
  document.querySelectorAll<HTMLElement>('[data-overlay=live-chat]').forEach((launcher) => {
    launcher.addEventListener('click', (event) => {
      event.preventDefault();
      overlay<typeof LiveChat>('live-chat').then((chat) => {
        chat.toggle(launcher);
      });
    });
  });
}
