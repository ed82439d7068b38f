// The desktop live-chat panel: a dialog with the real chat (src/client/chat/shopper-panel.ts), opened from the
// footer's launcher or a product page's "Chat over dit product" (which attaches that product). Both launchers are
// plain links to /chat/, so they work without this module too; it is loaded on the first click (loader.ts).
import { mountShopperChat, type Panel } from '../chat/shopper-panel.ts';

let open: { el: HTMLElement; launcher: HTMLElement; chat: Panel } | null = null;

function close(): void {
  if (!open) return;
  const { el, launcher, chat } = open;
  chat.destroy();
  el.remove();
  open = null;
  launcher.setAttribute('aria-expanded', 'false');
  launcher.focus();
}

function build(launcher: HTMLElement): { el: HTMLElement; chat: Panel } {
  const d = launcher.dataset;
  const el = document.createElement('div');
  el.className = 'chat-panel panel';
  el.setAttribute('role', 'dialog');
  el.setAttribute('aria-labelledby', 'chat-panel-title');
  el.id = 'chat-panel';
  const title = document.createElement('h2');
  title.id = 'chat-panel-title';
  title.textContent = 'Klantenservice';
  const content = document.createElement('div');
  const closeButton = document.createElement('button');
  closeButton.type = 'button';
  closeButton.className = 'btn secondary';
  closeButton.textContent = 'Sluiten';
  closeButton.addEventListener('click', close);
  el.append(title, content, closeButton);
  el.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') close();
  });
  const productId = Number(d.productId);
  const chat = mountShopperChat(content, {
    ...(productId > 0 ? { productId, productName: d.productName } : {}),
    ...(d.whatsapp ? { whatsappUrl: d.whatsapp } : {}),
  });
  return { el, chat };
}

export function toggle(launcher: HTMLElement): void {
  const same = open?.launcher === launcher;
  close();
  if (same) return;
  const { el, chat } = build(launcher);
  document.body.append(el);
  open = { el, launcher, chat };
  launcher.setAttribute('aria-expanded', 'true');
  launcher.setAttribute('aria-controls', 'chat-panel');
  chat.focus();
}
