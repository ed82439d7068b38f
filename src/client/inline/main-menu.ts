// Inline right after the header's main menu (src/components/Header.astro), whose list carries the bar's name
// (aria-label): the menu as one stop in the tab order, a menu bar (the WAI-ARIA "navigation menubar" pattern) whose
// entries the arrow keys move between. Without it every entry was a Tab stop of its own, on every page (with the
// submenus' links, 68 presses from the top of the cart page to "Afrekenen"). Without JavaScript the menu stays a list
// of plain links. The submenus (desktop only) are the lazy mega menu's (../overlays/mega-menu.ts): it opens them with
// ArrowDown or Space and moves inside them; ArrowLeft and ArrowRight there still move along the bar (here).

const list = document.querySelector('nav.main>ul');
if (list) {
  const links = Array.from(list.querySelectorAll<HTMLElement>(':scope>li>a'));
  list.setAttribute('role', 'menubar');
  links.forEach((link) => {
    link.parentElement!.setAttribute('role', 'none');
    link.setAttribute('role', 'menuitem');
  });
  /** The entries shown at this width (the others are display: none per breakpoint). */
  const shown = () => links.filter((link) => link.getClientRects().length);
  /** Makes `stop` the bar's one Tab stop. */
  const tabStop = (stop?: Element) =>
    links.forEach((link) => {
      link.tabIndex = link === stop ? 0 : -1;
    });
  /** Keeps that stop on a shown entry: on load and when the width changes. */
  const keepStop = () => {
    const visible = shown();
    if (!visible.includes(links.filter((link) => link.tabIndex === 0)[0]!)) tabStop(visible[0]);
  };
  keepStop();
  addEventListener('resize', keepStop);
  list.addEventListener('focusin', (event) => {
    const target = event.target as HTMLElement;
    if (links.includes(target)) tabStop(target);
  });
  list.addEventListener('keydown', (event) => {
    const visible = shown();
    const key = (event as KeyboardEvent).key;
    const target = event.target as HTMLElement;
    const entry = target.closest('nav.main>ul>li');
    // biome-ignore lint/complexity/useOptionalChain: ES2019 (the build's target) has no ?., esbuild would spell it out longer
    const at = visible.indexOf((entry && entry.firstElementChild) as HTMLElement);
    const onBar = links.includes(target);
    let next: HTMLElement | undefined;
    if (at < 0) return;
    if (key === 'ArrowRight') next = visible[(at + 1) % visible.length];
    else if (key === 'ArrowLeft') next = visible[(at + visible.length - 1) % visible.length];
    else if (onBar && key === 'Home') next = visible[0];
    else if (onBar && key === 'End') next = visible[visible.length - 1];
    if (next) {
      event.preventDefault();
      tabStop(next);
      next.focus();
    }
  });
}

export {};
