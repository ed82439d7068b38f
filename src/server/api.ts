// Which handler answers which route and method of the permission map. A route of the map without content here
// answers 404 in the error shape.
import type { ApiRequest, Handler } from './context.ts';
import { errorResponse, responseFromError, type ApiReply } from './http.ts';
import type { HttpMethod } from './permissions.ts';
import { getAppState } from './handlers/app-state.ts';
import { createCart, getCart, updateCart } from './handlers/carts.ts';
import * as chat from './handlers/chat.ts';
import { lookUpCartAddress } from './handlers/address.ts';
import * as content from './handlers/content.ts';
import * as forms from './handlers/forms.ts';
import { postLogs } from './handlers/logger.ts';
import * as kitchenOrders from './handlers/kitchen-orders.ts';
import * as newsletter from './handlers/newsletter.ts';
import { getOrder } from './handlers/orders.ts';
import { paymentWebhook } from './handlers/payments.ts';
import { getProduct, getTimeSensitive, listProducts } from './handlers/products.ts';
import { createQuote, getQuote } from './handlers/quotes.ts';
import { getStaffInfo } from './handlers/staff-info.ts';
import { createServiceRequest } from './handlers/service-requests.ts';
import * as staff from './handlers/staff.ts';
import * as uploads from './handlers/uploads.ts';

const HANDLERS: Readonly<Record<string, Partial<Record<HttpMethod, Handler>>>> = {
  '': { GET: content.apiIndex },
  'app-state': { GET: getAppState },
  carts: { POST: createCart },
  'carts/{cartId}': { GET: getCart, PUT: updateCart },
  'carts/address': { POST: lookUpCartAddress },
  'orders/{orderId}': { GET: getOrder },
  'orders/non-web/{orderId}': { GET: kitchenOrders.getNonWebOrder },
  'orders/non-web/session': { POST: kitchenOrders.logIn, DELETE: kitchenOrders.logOut },
  'orders/non-web/{orderId}/documents/{documentId}': { GET: kitchenOrders.getNonWebDocument },
  quotes: { POST: createQuote },
  'quotes/{quoteId}': { GET: getQuote },
  logger: { POST: postLogs },
  products: { GET: listProducts },
  'products/staff-info': { GET: getStaffInfo },
  'products/{productId}': { GET: getProduct },
  'products/{productId}/time-sensitive': { GET: getTimeSensitive },
  'delivery-rules': { GET: content.listDeliveryRules },
  'delivery-rules/{deliveryRuleId}': { GET: content.getDeliveryRule },
  'special-dates': { GET: content.listSpecialDates },
  'special-dates/{specialDateId}': { GET: content.getSpecialDate },
  cookies: { GET: content.listCookies },
  'cookies/{cookieId}': { GET: content.getCookie },
  ratings: { GET: content.listRatings },
  'ratings/{ratingId}': { GET: content.getRating },
  'system-health': { GET: content.systemHealth },
  'system-health/tasks': { GET: content.systemTasks },
  'system-health/tasks/{category}/resume': { GET: content.resumeTask },
  'kitchens/{kitchenId}': { GET: content.getKitchen(false) },
  'showroom-kitchens/{showroomKitchenId}': { GET: content.getKitchen(true) },
  vacancies: { GET: content.listVacancies },
  'vacancies/{vacancyId}': { GET: content.getVacancy },
  'pages/{pageId}': { GET: content.getPage },
  'product-faq/{productFaqId}': { GET: content.getProductFaq },
  'product-tags/{productTagId}': { GET: content.getProductTag },
  'blocks/{blockId}': { GET: content.getBlock },
  'support/{supportId}': { GET: content.getSupport },
  robots: { GET: content.robots },
  'rewrites/{rewriteId}': { GET: content.getRewrite },
  preview: { GET: content.getPreview },
  messages: { GET: content.listMessages },
  banners: { GET: content.listBanners },
  'banners/{bannerId}': { GET: content.getBanner },
  'messages/{messageId}': { GET: content.getMessage },
  'shop/mode': { GET: content.shopMode },
  'shop/export': { GET: content.shopExport },
  filters: { GET: content.listFilters },
  'filters/{filterId}': { GET: content.getFilter },
  'product-types/filters': { GET: content.productTypeFilters },
  'information/filters': { GET: content.informationFilters },
  'information/specifications/{productType}': { GET: content.specificationsOf },
  'information/{informationId}': { GET: content.getInformation },
  'newsletters/{newsletterId}': { GET: content.getNewsletter },
  'newsletters/{newsletterId}/{counterId}': { GET: content.countNewsletterOpen },
  'form-data': { POST: forms.submitForm },
  'form-data/id': { GET: forms.newFormId },
  'form-data/{formDataId}': { GET: forms.getForm },
  'buckets/forms': { GET: uploads.listFiles, POST: uploads.uploadFiles, DELETE: uploads.deleteFile },
  'buckets/forms/{fileId}': { GET: uploads.downloadFile },
  'service-requests': { POST: createServiceRequest },
  'newsletter-subscribers': { POST: newsletter.subscribe, DELETE: newsletter.unsubscribeWithToken },
  'newsletter-subscribers/unsubscribe': { GET: newsletter.unsubscribeLinkPage, POST: newsletter.unsubscribeLink },
  'staff/session': { POST: staff.logIn, DELETE: staff.logOut },
  'payments/{provider}/webhook': { POST: paymentWebhook },
  'chat/status': { GET: chat.getChatStatus },
  'chat/conversations': { GET: chat.listChats, POST: chat.startChat },
  'chat/conversations/{conversationId}': { GET: chat.getChat, PUT: chat.updateChat },
  'chat/conversations/{conversationId}/messages': { POST: chat.postChatMessage },
  'chat/conversations/{conversationId}/events': { GET: chat.chatEvents },
  'chat/events': { GET: chat.staffChatEvents },
  'chat/offline-messages': { POST: chat.leaveChatMessage },
};

/** The handler's answer; a handler's error becomes its error answer. A promise only when the handler is async. */
export function dispatch(request: ApiRequest): ApiReply | Promise<ApiReply> {
  const handler = HANDLERS[request.route.route]?.[request.method];
  if (!handler) return errorResponse(404, 'Hier is (nog) geen inhoud voor.');
  try {
    const reply = handler(request);
    return reply instanceof Promise ? reply.then(undefined, responseFromError) : reply;
  } catch (error) {
    return responseFromError(error);
  }
}
