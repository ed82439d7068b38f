// The display flags of SPEC §3: what a role may see beyond the guest's view (shop-only prices and filters, margin
// codes, …). One list for the server's permission map and the browser's app state; all false for a guest. Which
// role holds which is in the capability table (src/domain/capabilities.ts).
export const PERMISSION_FLAGS = [
  'filtersShopOnlyShow',
  'marginCodeShow',
  'pricesShopOnlyShow',
  'shopIconsShow',
  'stockEstimatedDateShopShow',
  'shopOptionsShow',
  'quoteRequestAdminOptionsShow',
] as const;
type PermissionFlag = (typeof PERMISSION_FLAGS)[number];
export type PermissionFlags = Record<PermissionFlag, boolean>;
