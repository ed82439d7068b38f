// The chat inline on /chat/ (every screen size): mounts the shopper's chat into #chat-app. A product link
// (/chat/?product=100322, from a product page on a phone) attaches that product.
import { mountShopperChat } from './shopper-panel.ts';

const container = document.getElementById('chat-app');
if (container) {
  const productId = Number(new URLSearchParams(location.search).get('product'));
  mountShopperChat(container, {
    ...(Number.isInteger(productId) && productId > 0 ? { productId } : {}),
    ...(container.dataset.whatsapp ? { whatsappUrl: container.dataset.whatsapp } : {}),
  });
}
