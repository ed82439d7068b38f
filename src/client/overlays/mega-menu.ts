// Desktop mega menu: shows the subcategory links of a main-menu entry (from the <template> the header
// renders) on hover or keyboard focus; Escape or leaving closes it.
let open: { li: HTMLElement; panel: HTMLElement } | null = null;
/** The entry closed with Escape stays closed while its link keeps the focus. */
let dismissed: HTMLElement | null = null;

function close() {
  if (!open) return;
  open.panel.remove();
  open.li.querySelector('a')?.setAttribute('aria-expanded', 'false');
  open = null;
}

function show(li: HTMLElement) {
  if (open?.li === li) return;
  close();
  const template = li.querySelector<HTMLTemplateElement>('template');
  if (!template) return;
  const panel = document.createElement('div');
  panel.className = 'mega';
  panel.append(template.content.cloneNode(true));
  li.append(panel);
  li.querySelector('a')?.setAttribute('aria-expanded', 'true');
  open = { li, panel };
}

export function init(nav: HTMLElement, target: EventTarget | null) {
  const entries = nav.querySelectorAll<HTMLElement>('li[data-has-children]');
  for (const li of entries) {
    li.querySelector('a')?.setAttribute('aria-expanded', 'false');
    li.addEventListener('pointerenter', () => {
      dismissed = null;
      show(li);
    });
    li.addEventListener('pointerleave', close);
    li.addEventListener('focusin', () => {
      if (dismissed !== li) show(li);
    });
    li.addEventListener('focusout', () => {
      if (dismissed === li) dismissed = null;
    });
  }
  nav.addEventListener('focusout', (e) => {
    if (!nav.contains(e.relatedTarget as Node | null)) close();
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && open) {
      dismissed = open.li;
      const hadFocus = open.li.contains(document.activeElement);
      close();
      if (hadFocus) dismissed.querySelector('a')?.focus();
    }
  });
  const first = target instanceof Element ? target.closest<HTMLElement>('li[data-has-children]') : null;
  if (first) show(first);
}
