// The site message of maintenance mode (src/domain/shop-mode.ts) on every shop page: the product page's buy box, the
// cart and the checkout ask GET /api/shop/mode/ once they have hydrated, every other page once it has loaded (an inline
// script, ./inline/shop-mode.ts), the answer kept 5 s by the browser and the CDN; in maintenance the message goes above
// the header, where the site messages of content/settings/messages.yaml appear, once however many ask. The prebuilt
// pages cannot know the mode themselves. A failed request shows nothing: the API's 503 still says it.
import { MAINTENANCE_TEXT, type ShopModeState } from '../domain/shop-mode.ts';

const MARK = 'data-shop-mode';

export async function showShopMode(signal?: AbortSignal): Promise<void> {
  try {
    const response = await fetch('/api/shop/mode/', { signal, headers: { accept: 'application/json' }, credentials: 'omit' });
    if (!response.ok) return;
    const { data } = (await response.json()) as { data: ShopModeState };
    if (data.mode !== 'maintenance' || document.querySelector(`[${MARK}]`)) return;
    const message = document.createElement('div');
    message.className = 'site-message';
    message.setAttribute(MARK, data.mode);
    message.setAttribute('role', 'status');
    const text = document.createElement('p');
    text.textContent = MAINTENANCE_TEXT;
    message.append(text);
    // In the site messages' bar, or where it would be: before the header's claims bar, after the skip link.
    const list = document.querySelector('.site-messages');
    if (list) list.prepend(message);
    else document.querySelector('.top')?.before(message);
  } catch {}
}
