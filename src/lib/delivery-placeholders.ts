// Fills the delivery placeholders of content texts ({gratis-bezorging-vanaf}, {bezorgkosten}: docs/content.md,
// "Amounts in texts") into a rendered page, with the amounts the server charges (src/domain/delivery-settings.ts:
// delivery.yaml with FREE_DELIVERY_THRESHOLD / DELIVERY_COST). The middleware (src/middleware.ts) runs it on every
// page the build prerenders, and in `astro dev`; a page without a placeholder is passed on unchanged.
import { fillDeliveryPlaceholders, withDeliveryEnv } from '../domain/delivery-settings.ts';
import { contentRoot, readSetting } from '../server/content/read-content.ts';

/** Read on the first page that needs them: the build's (or the server's) environment does not change meanwhile. */
let amounts: ReturnType<typeof readAmounts> | null = null;

function readAmounts() {
  const { freeDeliveryThreshold, deliveryCost } = withDeliveryEnv(readSetting('delivery', contentRoot())!, process.env);
  return { freeDeliveryThreshold, deliveryCost };
}

const hasPlaceholder = (html: string) => html.includes('{gratis-bezorging-vanaf}') || html.includes('{bezorgkosten}');

/** The page with its placeholders filled in; anything but HTML as it is. */
export async function withDeliveryAmounts(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('text/html') || !response.body) return response;
  const html = await response.text();
  if (!hasPlaceholder(html)) return new Response(html, response);
  amounts ??= readAmounts();
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(fillDeliveryPlaceholders(html, amounts), { status: response.status, statusText: response.statusText, headers });
}
