// Desktop live-chat launcher: a panel with the support line's status and the ways to reach us.
// The launcher is a plain link to /chat/, so it works without this module too.
let panel: HTMLElement | null = null;

function build(launcher: HTMLElement): HTMLElement {
  const d = launcher.dataset;
  const el = document.createElement('div');
  el.className = 'chat-panel panel';
  el.setAttribute('role', 'dialog');
  el.setAttribute('aria-label', 'Klantenservice');
  el.id = 'chat-panel';
  const title = document.createElement('h2');
  title.textContent = 'Kunnen we je helpen?';
  const status = document.createElement('p');
  status.textContent = d.status ?? '';
  const links = document.createElement('div');
  links.className = 'btns';
  const items: [string, string][] = [
    ['Start de chat', '/chat/'],
    ['WhatsApp', d.whatsapp ?? ''],
    ['Bel ons', d.phone ?? ''],
    ['Mail ons', d.email ?? ''],
  ];
  for (const [label, href] of items) {
    if (!href) continue;
    const a = document.createElement('a');
    a.className = 'btn secondary';
    a.href = href;
    a.textContent = label;
    links.append(a);
  }
  const closeButton = document.createElement('button');
  closeButton.type = 'button';
  closeButton.className = 'btn';
  closeButton.textContent = 'Sluiten';
  closeButton.addEventListener('click', () => toggle(launcher));
  el.append(title, status, links, closeButton);
  el.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') toggle(launcher);
  });
  return el;
}

export function toggle(launcher: HTMLElement) {
  if (panel) {
    panel.remove();
    panel = null;
    launcher.setAttribute('aria-expanded', 'false');
    launcher.focus();
    return;
  }
  panel = build(launcher);
  launcher.after(panel);
  launcher.setAttribute('aria-expanded', 'true');
  launcher.setAttribute('aria-controls', 'chat-panel');
  panel.querySelector<HTMLElement>('a, button')?.focus();
}
