// Inline at the end of every shop page but the product pages (src/layouts/Shell.astro): once the page has loaded,
// asks GET /api/shop/mode/ (kept 5 s by the browser and the CDN) and, in maintenance, shows the Dutch site message
// above the header (../shop-mode.ts). The product page's buy box, the cart and the checkout ask the same themselves;
// the message is shown once however many ask.
import { showShopMode } from '../shop-mode.ts';

if (document.readyState === 'complete') void showShopMode();
else addEventListener('load', () => void showShopMode(), { once: true });
