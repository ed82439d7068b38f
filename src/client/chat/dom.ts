// A tiny element builder for the chat's vanilla scripts: text only through textContent (never HTML), attributes by
// name, no inline styles or handlers (the pages' Content-Security-Policy allows neither).
type Attrs = Record<string, string | boolean | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string | null | undefined)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) if (child !== null && child !== undefined) el.append(child);
  return el;
}

let counter = 0;
/** An id unique on the page, for label and aria references. */
const uid = (prefix: string) => `${prefix}-${++counter}`;

/** A labelled form field: the label, then the control. */
export function field(label: string, control: HTMLInputElement | HTMLTextAreaElement, hint?: string): HTMLElement {
  control.id ||= uid('chat-field');
  const wrapper = h('div', { class: 'chat-field' }, h('label', { for: control.id }, label), control);
  if (hint) {
    const hintEl = h('p', { class: 'chat-hint', id: uid('chat-hint') }, hint);
    control.setAttribute('aria-describedby', hintEl.id);
    wrapper.append(hintEl);
  }
  return wrapper;
}

/** The time of a message as the shopper reads it: 14:05. */
export function clock(iso: string): string {
  return new Date(iso).toLocaleTimeString('nl-NL', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Amsterdam' });
}
