// The API's one route table: every route under /api/, the methods it answers with their handlers, and how the gate
// treats it. The permission map of SPEC §6 (`permissions.apiRoutes` of the app state, GET /api/) is derived from
// it, and so is the router (src/server/http/router.ts) that the gate (src/server/gate.ts) matches requests with.
// A route handler parses its input, calls one service of its feature folder and replies.
import { lookUpCartAddress } from './cart/address.ts';
import { createCart, getCart, updateCart } from './cart/handlers.ts';
import { catalogFeed } from './catalog/feed-handler.ts';
import * as chat from './chat/handlers.ts';
import { appState } from './content/app-state.ts';
import { getCatalog, replaceCatalogProducts } from './content/catalog.ts';
import * as content from './content/handlers.ts';
import * as health from './content/health.ts';
import { whenShopOpen } from './content/shop-mode.ts';
import { getProduct, getTimeSensitive, getTimeSensitiveBatch, listProducts } from './content/products.ts';
import * as forms from './forms/handlers.ts';
import { putFulfilment } from './fulfilment/handlers.ts';
import * as newsletter from './forms/newsletter-handlers.ts';
import { createServiceRequest } from './forms/service-request-handlers.ts';
import { postLogs } from './http/client-logs.ts';
import type { Handler } from './http/context.ts';
import { HTTP_METHODS, type ApiRouteRule, type HttpMethod, type RouteGateRule } from './http/router.ts';
import * as kitchenOrders from './kitchen-orders/handlers.ts';
import { placeOrder } from './orders/checkout.ts';
import { exportOrders } from './orders/export.ts';
import { getOrder } from './orders/handlers.ts';
import { putStatuses } from './orders/status-import.ts';
import { paymentWebhook } from './payments/handlers.ts';
import { createQuote, getQuote } from './quotes/handlers.ts';
import * as staff from './staff/handlers.ts';
import * as passkeys from './staff/passkey-handlers.ts';
import { getStaffInfo } from './staff/staff-info.ts';
import * as uploads from './uploads/handlers.ts';

type Route = Partial<Record<HttpMethod, Handler>> &
  Omit<RouteGateRule, 'methods' | 'allowedOwnData'> & {
    /** allowedOwnData of SPEC §6: one record that only its owner (or staff) may use; the handler checks the owner. */
    own?: true;
  };

/**
 * Route patterns relative to /api/ without slashes at either end ('' is /api/ itself); `{name}` is a parameter
 * that matches one path segment. Routes marked "not in SPEC §6" were added by later issues.
 */
export const ROUTES: Readonly<Record<string, Route>> = {
  // Both answer the permission map derived below, so they are bound to it once it exists.
  '': { GET: (request) => apiIndex(request) },
  'app-state': { GET: (request) => getAppState(request) },

  // Carts and orders.
  // In maintenance (src/server/content/shop-mode.ts) cart and order writes get 503 with Retry-After.
  carts: { POST: whenShopOpen(createCart) },
  // PUT saves a change and, with `submit`, places the order (DESIGN §3): the checkout's one entry.
  'carts/{cartId}': { own: true, GET: getCart, PUT: whenShopOpen(updateCart(placeOrder)) },
  'carts/address': { POST: lookUpCartAddress },
  'orders/{orderId}': { own: true, GET: getOrder },
  // Not in SPEC §6: staff or an integration set an order's next fulfilment status (docs/staff.md).
  'orders/{orderId}/fulfilment': { PUT: putFulfilment },
  // Not in SPEC §6: the warehouse or the ERP (an integration key, or an admin) takes the orders changed since an instant
  // and sends fulfilment statuses back, JSON or CSV of up to 1 MB (docs/api.md).
  'orders/export': { GET: exportOrders },
  'orders/statuses': { PUT: putStatuses, streamed: 'PUT' },
  quotes: { POST: createQuote },
  'quotes/{quoteId}': { own: true, GET: getQuote },
  // Not in SPEC §6: a payment provider reports a change of a payment (docs/payments.md). Mollie posts a form
  // without our Origin; the handler reads the payment back from the provider, whatever was posted.
  'payments/{provider}/webhook': { POST: paymentWebhook, forms: true, crossSite: 'provider-callback' },

  // "Mijn keuken": kitchen orders made in the stores.
  'orders/non-web/{orderId}': { own: true, GET: kitchenOrders.getNonWebOrder },
  // Not in SPEC §6: the "Mijn keuken" login (POST) and log-out (DELETE).
  'orders/non-web/session': { POST: kitchenOrders.logIn, DELETE: kitchenOrders.logOut },
  // Not in SPEC §6: a kitchen order's document (order confirmation, drawing), to its kitchen token or staff.
  'orders/non-web/{orderId}/documents/{documentId}': { own: true, GET: kitchenOrders.getNonWebDocument },

  // The catalogue.
  products: { GET: listProducts },
  // Not in SPEC §6: the staff fields of up to 100 products, by the caller's display flags.
  'products/staff-info': { GET: getStaffInfo },
  'products/{productId}': { GET: getProduct },
  'products/{productId}/time-sensitive': { GET: getTimeSensitive },
  'products/time-sensitive': { GET: getTimeSensitiveBatch },
  // Not in SPEC §6: a catalogue feed (prices, stock) from an integration or an admin, JSON or CSV (docs/api.md).
  'catalog/feed': { PUT: catalogFeed({ current: getCatalog, replaceProducts: replaceCatalogProducts }), streamed: 'PUT' },
  'kitchens/{kitchenId}': { GET: content.getKitchen(false) },
  'showroom-kitchens/{showroomKitchenId}': { GET: content.getKitchen(true) },
  filters: { GET: content.listFilters },
  'filters/{filterId}': { GET: content.getFilter },
  'product-types/filters': { GET: content.productTypeFilters },
  'information/filters': { GET: content.informationFilters },
  'information/specifications/{productType}': { GET: content.specificationsOf },
  'information/{informationId}': { GET: content.getInformation },
  'product-faq/{productFaqId}': { GET: content.getProductFaq },
  'product-tags/{productTagId}': { GET: content.getProductTag },

  // Settings and editors' content.
  'delivery-rules': { GET: content.listDeliveryRules },
  'delivery-rules/{deliveryRuleId}': { GET: content.getDeliveryRule },
  'special-dates': { GET: content.listSpecialDates },
  'special-dates/{specialDateId}': { GET: content.getSpecialDate },
  cookies: { GET: content.listCookies },
  'cookies/{cookieId}': { GET: content.getCookie },
  ratings: { GET: content.listRatings },
  'ratings/{ratingId}': { GET: content.getRating },
  vacancies: { GET: content.listVacancies },
  'vacancies/{vacancyId}': { GET: content.getVacancy },
  'pages/{pageId}': { GET: content.getPage },
  'blocks/{blockId}': { GET: content.getBlock },
  'support/{supportId}': { GET: content.getSupport },
  robots: { GET: content.robots },
  'rewrites/{rewriteId}': { GET: content.getRewrite },
  preview: { GET: content.getPreview },
  messages: { GET: content.listMessages },
  'messages/{messageId}': { GET: content.getMessage },
  banners: { GET: content.listBanners },
  'banners/{bannerId}': { GET: content.getBanner },
  'newsletters/{newsletterId}': { GET: content.getNewsletter },
  'newsletters/{newsletterId}/{counterId}': { GET: content.countNewsletterOpen },
  // PUT: not in SPEC §6, an admin switches maintenance on or off (docs/operations.md).
  'shop/mode': { GET: content.shopMode, PUT: content.switchMode },
  'shop/export': { GET: content.shopExport },
  'system-health': { GET: health.systemHealth },
  // Not in SPEC §6: liveness and readiness for a load balancer (docs/api.md, "Health").
  'system-health/live': { GET: health.systemLive },
  'system-health/ready': { GET: health.systemReady },
  'system-health/tasks': { GET: content.systemTasks },
  'system-health/tasks/{category}/resume': { GET: content.resumeTask },

  // Forms, uploads and the newsletter.
  'form-data': { POST: forms.submitForm },
  'form-data/id': { GET: forms.newFormId },
  'form-data/{formDataId}': { GET: forms.getForm },
  'buckets/forms': { GET: uploads.listFiles, POST: uploads.uploadFiles, DELETE: uploads.deleteFile, multipart: 'POST' },
  // Not in SPEC §6: one uploaded file, served to its owner and staff.
  'buckets/forms/{fileId}': { own: true, GET: uploads.downloadFile },
  // Not in SPEC §6: a service request with its photos (multipart). No token needed: the form works without JavaScript.
  'service-requests': { POST: createServiceRequest, multipart: 'POST' },
  // The newsletter form in every page's footer works without JavaScript.
  'newsletter-subscribers': { POST: newsletter.subscribe, DELETE: newsletter.unsubscribeWithToken, forms: true },
  // Not in SPEC §6: the unsubscribe link of our e-mails (GET leads to its page, POST is RFC 8058's one click, a
  // form post from the mail provider's servers, authorised by the signature in its URL).
  'newsletter-subscribers/unsubscribe': {
    GET: newsletter.unsubscribeLinkPage,
    POST: newsletter.unsubscribeLink,
    forms: true,
    crossSite: 'signed-link',
  },
  // Not in SPEC §6, but called by the browser's logger (SPEC §7).
  logger: { POST: postLogs },

  // Staff and the live chat (docs/staff.md, docs/chat.md); none of these are in SPEC §6.
  'staff/session': { POST: staff.logIn, DELETE: staff.logOut },
  // Passkeys and recovery codes of staff (docs/api.md, "Staff passkeys").
  'staff/session/passkey/options': { POST: passkeys.startPasskeySignIn },
  'staff/session/passkey': { POST: passkeys.finishPasskeySignIn },
  'staff/session/recovery': { POST: passkeys.recoverySignIn },
  'staff/passkeys/options': { POST: passkeys.startRegistration },
  'staff/passkeys': { GET: passkeys.listOwnPasskeys, POST: passkeys.finishRegistration },
  'staff/passkeys/{passkeyId}': { DELETE: passkeys.deleteOwnPasskey },
  'staff/recovery-codes': { POST: passkeys.makeRecoveryCodes },
  // Whether the chat can be answered now.
  'chat/status': { GET: chat.getChatStatus },
  // A shopper starts a conversation (POST); the back office lists the open ones (GET, staff only).
  'chat/conversations': { GET: chat.listChats, POST: chat.startChat },
  // One conversation, to its shopper or staff (GET); staff mark it done (PUT).
  'chat/conversations/{conversationId}': { own: true, GET: chat.getChat, PUT: chat.updateChat },
  // A message in a conversation, from its shopper or staff.
  'chat/conversations/{conversationId}/messages': { own: true, POST: chat.postChatMessage },
  // The conversation's events (text/event-stream), to its shopper or staff.
  'chat/conversations/{conversationId}/events': { own: true, GET: chat.chatEvents },
  // Every conversation's events for the back office (text/event-stream, staff only): staff count as online meanwhile.
  'chat/events': { GET: chat.staffChatEvents },
  // The message a shopper leaves when nobody can answer: a contact message answered by e-mail.
  'chat/offline-messages': { POST: chat.leaveChatMessage },
};

const gateRuleOf = ({ own, multipart, streamed, forms, crossSite, ...handlers }: Route): RouteGateRule => ({
  methods: HTTP_METHODS.filter((method) => handlers[method]),
  allowedOwnData: own === true,
  ...(multipart ? { multipart } : {}),
  ...(streamed ? { streamed } : {}),
  ...(forms ? { forms } : {}),
  ...(crossSite ? { crossSite } : {}),
});

/** What the gate knows of each route. */
export const GATE_RULES: Readonly<Record<string, RouteGateRule>> = Object.fromEntries(
  Object.entries(ROUTES).map(([route, entry]) => [route, gateRuleOf(entry)]),
);

/** The permission map (SPEC §6) as the browser receives it: methods and allowedOwnData per route. */
export const API_ROUTES: Readonly<Record<string, ApiRouteRule>> = Object.fromEntries(
  Object.entries(GATE_RULES).map(([route, { methods, allowedOwnData }]) => [route, { methods, allowedOwnData }]),
);

const apiIndex = content.apiIndex(API_ROUTES);
const getAppState = appState(API_ROUTES);
