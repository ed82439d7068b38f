// The shop's mode: `live`, or `maintenance` while an operator works on it (docs/operations.md, "Maintenance mode").
// In maintenance the API refuses cart and order writes with 503 and Retry-After (src/server/content/shop-mode.ts)
// and the shopping pages show MAINTENANCE_TEXT as a site message (src/client/shop-mode.ts). Shared by both sides.
/** The modes (no zod here: this file goes into the product page's buy box). */
export const SHOP_MODES = ['live', 'maintenance'] as const;
export type ShopMode = (typeof SHOP_MODES)[number];

/** What GET /api/shop/mode/ answers. */
export type ShopModeState = { mode: ShopMode; retryAfterSeconds?: number };

/** Seconds a refused shopper is told to wait (Retry-After): a deploy or a database move takes minutes. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

/** The 503's message and the pages' site message in maintenance. */
export const MAINTENANCE_TEXT =
  'We werken even aan de webwinkel. Je kunt rondkijken, maar je winkelwagen aanpassen en bestellen kan over een paar minuten weer.';
