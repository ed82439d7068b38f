// The permission map of the API (SPEC §6) as data, and the display flags of each role (DESIGN §2 "Identity and
// permissions"). The middleware checks every /api/** request against this map; GET /api/app-state/ sends it to
// the browser as `permissions.apiRoutes`.
import { PERMISSION_FLAGS, type PermissionFlag, type PermissionFlags } from '../domain/permission-flags.ts';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type ApiRouteRule = {
  methods: readonly HttpMethod[];
  /** The route reads or changes one record that only its owner may use (the handler checks the owner). */
  allowedOwnData: boolean;
};

const GET: ApiRouteRule = { methods: ['GET'], allowedOwnData: false };
const OWN_GET: ApiRouteRule = { methods: ['GET'], allowedOwnData: true };
const POST: ApiRouteRule = { methods: ['POST'], allowedOwnData: false };

/**
 * Route patterns relative to /api/ without slashes at either end ('' is /api/ itself); `{name}` is a parameter
 * that matches one path segment. Literal segments win over parameters ('carts/address' before 'carts/{cartId}').
 */
export const API_ROUTES: Readonly<Record<string, ApiRouteRule>> = {
  '': GET,
  'app-state': GET,
  banners: GET,
  'banners/{bannerId}': GET,
  'blocks/{blockId}': GET,
  cookies: GET,
  'cookies/{cookieId}': GET,
  'delivery-rules': GET,
  'delivery-rules/{deliveryRuleId}': GET,
  filters: GET,
  'filters/{filterId}': GET,
  'form-data/id': GET,
  'form-data/{formDataId}': GET,
  'information/filters': GET,
  'information/specifications/{productType}': GET,
  'information/{informationId}': GET,
  'kitchens/{kitchenId}': GET,
  messages: GET,
  'messages/{messageId}': GET,
  'newsletters/{newsletterId}': GET,
  'newsletters/{newsletterId}/{counterId}': GET,
  'orders/non-web/{orderId}': OWN_GET,
  'orders/{orderId}': OWN_GET,
  'pages/{pageId}': GET,
  preview: GET,
  'product-faq/{productFaqId}': GET,
  'product-tags/{productTagId}': GET,
  'product-types/filters': GET,
  products: GET,
  // Not in the map of SPEC §6: the staff fields of up to 100 products, by the caller's display flags (issue 10).
  'products/staff-info': GET,
  'products/{productId}': GET,
  'products/{productId}/time-sensitive': GET,
  'quotes/{quoteId}': OWN_GET,
  ratings: GET,
  'ratings/{ratingId}': GET,
  'rewrites/{rewriteId}': GET,
  robots: GET,
  'shop/export': GET,
  'shop/mode': GET,
  'showroom-kitchens/{showroomKitchenId}': GET,
  'special-dates': GET,
  'special-dates/{specialDateId}': GET,
  'support/{supportId}': GET,
  'system-health': GET,
  'system-health/tasks': GET,
  'system-health/tasks/{category}/resume': GET,
  vacancies: GET,
  'vacancies/{vacancyId}': GET,
  'buckets/forms': { methods: ['GET', 'POST', 'DELETE'], allowedOwnData: false },
  // Not in the map of SPEC §6: one uploaded file, served to its owner and staff (issue 9).
  'buckets/forms/{fileId}': OWN_GET,
  // A service request with its photos (multipart; issue 9). No token needed: the form works without JavaScript.
  'service-requests': POST,
  'carts/address': POST,
  carts: POST,
  'form-data': POST,
  quotes: POST,
  'carts/{cartId}': { methods: ['GET', 'PUT'], allowedOwnData: true },
  // Not in the map of SPEC §6: the "Mijn keuken" login (POST) and log-out (DELETE) for orders/non-web/{orderId}.
  'orders/non-web/session': { methods: ['POST', 'DELETE'], allowedOwnData: false },
  // Not in the map of SPEC §6: a kitchen order's document (order confirmation, drawing), to its kitchen token or staff.
  'orders/non-web/{orderId}/documents/{documentId}': OWN_GET,
  'newsletter-subscribers': { methods: ['POST', 'DELETE'], allowedOwnData: false },
  // Not in the map of SPEC §6: the unsubscribe link of our e-mails (GET leads to its page, POST is RFC 8058's one click).
  'newsletter-subscribers/unsubscribe': { methods: ['GET', 'POST'], allowedOwnData: false },
  // Not in the map of SPEC §6, but called by the browser's logger (SPEC §7).
  logger: POST,
  // Not in the map of SPEC §6: a payment provider reports a change of a payment (issue 14, docs/payments.md).
  'payments/{provider}/webhook': POST,
  // Not in the map of SPEC §6: the staff login (POST, e-mail and password) and log-out (DELETE) of issue 10.
  'staff/session': { methods: ['POST', 'DELETE'], allowedOwnData: false },
  // Not in the map of SPEC §6: the live chat of issue 10 (docs/chat.md). Whether the chat can be answered now.
  'chat/status': GET,
  // A shopper starts a conversation (POST); the back office lists the open ones (GET, staff only).
  'chat/conversations': { methods: ['GET', 'POST'], allowedOwnData: false },
  // One conversation, to its shopper or staff (GET); staff mark it done (PUT).
  'chat/conversations/{conversationId}': { methods: ['GET', 'PUT'], allowedOwnData: true },
  // A message in a conversation, from its shopper or staff.
  'chat/conversations/{conversationId}/messages': { methods: ['POST'], allowedOwnData: true },
  // The conversation's events (text/event-stream), to its shopper or staff.
  'chat/conversations/{conversationId}/events': OWN_GET,
  // Every conversation's events for the back office (text/event-stream, staff only): staff count as online meanwhile.
  'chat/events': GET,
  // The message a shopper leaves when nobody can answer: a contact message answered by e-mail.
  'chat/offline-messages': POST,
};

export { PERMISSION_FLAGS, type PermissionFlags };

const ROLES = ['guest', 'employee', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isStaff(role: Role): boolean {
  return role === 'employee' || role === 'admin';
}

const flagsOf = (on: readonly PermissionFlag[]): PermissionFlags =>
  Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, on.includes(f)])) as PermissionFlags;

const ROLE_FLAGS: Readonly<Record<Role, Readonly<PermissionFlags>>> = {
  guest: flagsOf([]),
  // A salesperson prepares and sends quotes (issue 10), so the quote tools are theirs too; margins are for admins.
  employee: flagsOf([
    'filtersShopOnlyShow',
    'pricesShopOnlyShow',
    'shopIconsShow',
    'stockEstimatedDateShopShow',
    'shopOptionsShow',
    'quoteRequestAdminOptionsShow',
  ]),
  admin: flagsOf(PERMISSION_FLAGS),
};

/** Whether a role has a display flag (the server checks the staff tools by these, never only the UI). */
export function roleHas(role: Role, flag: PermissionFlag): boolean {
  return ROLE_FLAGS[role][flag];
}

/** `permissions` of the app state: the route map plus the role's display flags. */
export function permissionsFor(role: Role): { apiRoutes: typeof API_ROUTES } & PermissionFlags {
  return { apiRoutes: API_ROUTES, ...ROLE_FLAGS[role] };
}
