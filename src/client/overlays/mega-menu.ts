// Desktop mega menu: the subcategory links of a main-menu entry (from the <template> the header renders), as a submenu
// of the menu bar (src/client/inline/main-menu.ts). The pointer opens it on hover; the keyboard with ArrowDown, ArrowUp or
// Space on the entry, after which the arrow keys, Home and End move through it, Escape closes it and returns to the
// entry, and Tab leaves the menu. Focus alone never opens it, so its links are in the tab order only while it is open.
let open: { li: HTMLElement; panel: HTMLElement } | null = null;

const entryLink = (li: HTMLElement) => li.querySelector<HTMLAnchorElement>(':scope > a');
const panelLinks = (panel: HTMLElement) => [...panel.querySelectorAll<HTMLAnchorElement>('a')];

function close() {
  if (!open) return;
  // Forgotten first: removing the panel that holds the focus fires focusout, whose handler closes again.
  const { li, panel } = open;
  open = null;
  panel.remove();
  entryLink(li)?.setAttribute('aria-expanded', 'false');
}

function show(nav: HTMLElement, li: HTMLElement): HTMLElement | null {
  if (open?.li === li) return open.panel;
  close();
  const template = li.querySelector<HTMLTemplateElement>('template');
  const link = entryLink(li);
  if (!template || !link) return null;
  const panel = document.createElement('div');
  panel.className = 'mega';
  panel.append(template.content.cloneNode(true));
  const list = panel.querySelector('ul');
  list?.setAttribute('role', 'menu');
  list?.setAttribute('aria-label', link.textContent ?? '');
  for (const item of panel.querySelectorAll('li')) item.setAttribute('role', 'none');
  for (const a of panelLinks(panel)) {
    a.setAttribute('role', 'menuitem');
    a.tabIndex = -1;
  }
  li.append(panel);
  // Placed against the menu (nav.main), below its entry and inside the menu's width: below xl the row of entries
  // scrolls sideways and would clip a panel placed inside it.
  const navBox = nav.getBoundingClientRect();
  const left = link.getBoundingClientRect().left - navBox.left;
  panel.style.left = `${Math.max(0, Math.min(left, navBox.width - panel.offsetWidth))}px`;
  link.setAttribute('aria-expanded', 'true');
  open = { li, panel };
  return panel;
}

/** Moves the focus inside the open submenu: to `index` (wrapping), or the first or last link. */
function focusIn(panel: HTMLElement, index: number) {
  const links = panelLinks(panel);
  links[(index + links.length) % links.length]?.focus();
}

export function init(nav: HTMLElement, target: EventTarget | null) {
  const entries = nav.querySelectorAll<HTMLElement>(':scope > ul > li[data-has-children]');
  for (const li of entries) {
    const link = entryLink(li);
    link?.setAttribute('aria-haspopup', 'menu');
    link?.setAttribute('aria-expanded', 'false');
    li.addEventListener('pointerenter', () => show(nav, li));
    li.addEventListener('pointerleave', close);
  }
  nav.addEventListener('keydown', (e) => {
    const el = e.target as HTMLElement;
    const li = el.closest<HTMLElement>('nav.main > ul > li');
    if (!li) return;
    if (el === entryLink(li)) {
      if (!li.hasAttribute('data-has-children')) return;
      if (e.key === 'ArrowDown' || e.key === ' ' || e.key === 'ArrowUp') {
        e.preventDefault();
        const panel = show(nav, li);
        if (panel) focusIn(panel, e.key === 'ArrowUp' ? -1 : 0);
      } else if (e.key === 'Escape') close();
      return;
    }
    const panel = open?.panel;
    if (!panel?.contains(el)) return;
    const links = panelLinks(panel);
    const at = links.indexOf(el as HTMLAnchorElement);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 };
    if (e.key in moves) {
      e.preventDefault();
      focusIn(panel, moves[e.key] as number);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close();
      entryLink(li)?.focus();
    }
  });
  // Another entry, or anything outside the menu, takes the focus: the submenu closes.
  nav.addEventListener('focusin', (e) => {
    if (open && !open.li.contains(e.target as Node)) close();
  });
  nav.addEventListener('focusout', (e) => {
    if (!nav.contains(e.relatedTarget as Node | null)) close();
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && open && !nav.contains(document.activeElement)) close();
  });
  // The pointer that loaded this module is over an entry: open it, as the hover would have.
  const first = target instanceof Element ? target.closest<HTMLElement>('li[data-has-children]') : null;
  if (first?.matches(':hover')) show(nav, first);
}
