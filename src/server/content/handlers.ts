// The GET routes of the permission map that serve settings and editorial content. A route of the map without a
// handler would answer 404 "Hier is (nog) geen inhoud voor." in the error shape, from the dispatcher.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { join } from 'node:path';
import { availablePaymentMethods } from '../../domain/payment.ts';
import { isCurrent, showsOn } from '../../domain/site-messages.ts';
import { deliveryCalendar } from '../../domain/delivery-calendar.ts';
import { allowedPlanning } from '../../domain/delivery-planning.ts';
import { deliveryTypes, type DeliveryType } from '../../schemas/delivery.ts';
import { getCatalog } from './catalog.ts';
import { fillDeliveryPlaceholders } from '../../domain/delivery-settings.ts';
import { shopModeState, switchShopMode } from './shop-mode.ts';
import { SHOP_MODES } from '../../domain/shop-mode.ts';
import { logger } from '../runtime/log.ts';
import { now } from '../runtime/clock.ts';
import type { ApiRequest, Handler } from '../http/context.ts';
import { ApiReply, CATALOGUE_CACHE, fail, json } from '../http/reply.ts';
import { can } from '../../domain/capabilities.ts';
import type { ApiRouteRule } from '../http/router.ts';
import { getStorage } from '../storage/index.ts';
import { requireAuth } from '../http/handler-helpers.ts';

/** A content text with its delivery amounts filled in (docs/content.md), as the build fills in the pages'. */
const filled = (text: string) => fillDeliveryPlaceholders(text, getCatalog().delivery);
const cached = (data: unknown) => json(data, 200, { 'cache-control': CATALOGUE_CACHE });
const param = (request: ApiRequest, name: string) => request.route.params[name] ?? '';
const slugOf = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** GET /api/: the API's permission map. */
export const apiIndex =
  (routes: Readonly<Record<string, ApiRouteRule>>): Handler =>
  () =>
    json({ name: 'Keukenhuys API', routes });

function deliveryRule(type: DeliveryType) {
  const { delivery, payment } = getCatalog();
  return {
    deliveryRuleId: type,
    deliveryType: type,
    freeDeliveryThreshold: type === 'pickUp' ? 0 : delivery.freeDeliveryThreshold,
    deliveryCost: type === 'pickUp' ? 0 : delivery.deliveryCost,
    /** How the checkout plans this type: day, week and/or call, the preferred first; none for pick-up. */
    planning: allowedPlanning(delivery.planning, type),
    paymentMethods: availablePaymentMethods(payment, { country: null, deliveryType: type }).map((m) => ({
      key: m.key,
      label: m.label,
      fee: m.fee,
    })),
  };
}

export const listDeliveryRules: Handler = () => {
  const { delivery, specialDates } = getCatalog();
  const calendar = deliveryCalendar({ now: now(), settings: delivery, specialDates });
  return json({
    ...delivery,
    nextDeliveryDay: calendar.nextDeliveryDay,
    /** The special dates without delivery: with the weekdays, what the pages' delivery promise needs. */
    closedDeliveryDates: specialDates.filter((d) => d.closed && d.appliesTo.includes('delivery')).map((d) => d.date),
    rules: deliveryTypes.map(deliveryRule),
  });
};

export const getDeliveryRule: Handler = (request) => {
  const id = param(request, 'deliveryRuleId');
  if (!(deliveryTypes as readonly string[]).includes(id)) throw fail.notFound('Deze bezorgregel bestaat niet.');
  return cached(deliveryRule(id as DeliveryType));
};

export const listSpecialDates: Handler = () => cached(getCatalog().specialDates.map((d) => ({ specialDateId: d.date, ...d })));

export const getSpecialDate: Handler = (request) => {
  const date = param(request, 'specialDateId');
  const matches = getCatalog().specialDates.filter((d) => d.date === date);
  if (matches.length === 0) throw fail.notFound('Op deze datum gelden geen bijzondere tijden.');
  return cached({ specialDateId: date, entries: matches });
};

export const listRatings: Handler = () => cached(getCatalog().company.ratings.map((r) => ({ ratingId: slugOf(r.site), ...r })));

export const getRating: Handler = (request) => {
  const rating = getCatalog().company.ratings.find((r) => slugOf(r.site) === param(request, 'ratingId'));
  if (!rating) throw fail.notFound('Deze beoordeling bestaat niet.');
  return cached({ ratingId: slugOf(rating.site), ...rating });
};

const TASKS = [{ category: 'purge-expired', description: 'Verlopen winkelwagens en andere verlopen gegevens opruimen.' }];

export const systemTasks: Handler = () => json({ tasks: TASKS });

/** Runs a maintenance task now. Admins only, because it changes data. */
export const resumeTask: Handler = async (request) => {
  const claims = requireAuth(request);
  if (!can(claims.role, 'runMaintenance')) throw fail.forbidden();
  if (param(request, 'category') !== 'purge-expired') throw fail.notFound('Deze taak bestaat niet.');
  const purged = await getStorage().purgeExpired(now());
  return json({ category: 'purge-expired', purged });
};

export const getKitchen =
  (showroom: boolean): Handler =>
  (request) => {
    const raw = param(request, showroom ? 'showroomKitchenId' : 'kitchenId');
    const kitchen = /^\d{1,10}$/.test(raw) ? getCatalog().kitchens.get(Number(raw)) : undefined;
    if (!kitchen || kitchen.showroom !== showroom) throw fail.notFound('Deze keuken bestaat niet.');
    return cached(kitchen);
  };

export const listVacancies: Handler = () =>
  cached(getCatalog().vacancies.map((v) => ({ vacancyId: v.id, ...v.data, url: `/vacatures/${v.id}/` })));

export const getVacancy: Handler = (request) => {
  const vacancy = getCatalog().vacancies.find((v) => v.id === param(request, 'vacancyId'));
  if (!vacancy) throw fail.notFound('Deze vacature bestaat niet.');
  return cached({ vacancyId: vacancy.id, ...vacancy.data, body: filled(vacancy.body), url: `/vacatures/${vacancy.id}/` });
};

/** The cookie categories of content/settings/cookies.yaml (the consent banner and the cookie statement). */
export const listCookies: Handler = () => cached(getCatalog().cookies.map((c) => ({ cookieId: c.id, ...c })));

export const getCookie: Handler = (request) => {
  const category = getCatalog().cookies.find((c) => c.id === param(request, 'cookieId'));
  if (!category) throw fail.notFound('Deze cookiecategorie bestaat niet.');
  return cached({ cookieId: category.id, ...category });
};

/** GET /api/product-faq/{productFaqId}/: one entry of content/settings/product-faq.yaml (issue 12). */
export const getProductFaq: Handler = (request) => {
  const entry = getCatalog().productFaq.find((e) => e.id === param(request, 'productFaqId'));
  if (!entry) throw fail.notFound('Deze veelgestelde vragen bestaan niet.');
  return cached({ productFaqId: entry.id, category: entry.category ?? null, products: entry.products ?? [], questions: entry.questions });
};

/** GET /api/product-tags/{productTagId}/: a tag of content/settings/product-tags.yaml with its products (issue 12). */
export const getProductTag: Handler = (request) => {
  const { productTags, summaries } = getCatalog();
  const tag = productTags.find((t) => t.id === param(request, 'productTagId'));
  if (!tag) throw fail.notFound('Dit kenmerk bestaat niet.');
  const products = tag.products
    .map((id) => summaries.get(id))
    .filter((p) => p !== undefined)
    .map((p) => ({ productId: p.productId, brand: p.brand, name: p.name, url: p.url, expired: p.expired }));
  return cached({ productTagId: tag.id, label: tag.label, products });
};

export const getPage: Handler = (request) => {
  const page = getCatalog().pages.find((p) => p.id === param(request, 'pageId'));
  if (!page) throw fail.notFound('Deze pagina bestaat niet.');
  return cached({ pageId: page.id, ...page.data, body: filled(page.body) });
};

/** A block of content/blocks/ (a reusable snippet that pages place by id), with its Markdown body. */
export const getBlock: Handler = (request) => {
  const block = getCatalog().blocks.find((b) => b.id === param(request, 'blockId'));
  if (!block) throw fail.notFound('Dit blok bestaat niet.');
  return cached({ blockId: block.id, ...block.data, body: filled(block.body) });
};

/** A buying guide of content/information/ with its Markdown body and the address of its page. */
export const getInformation: Handler = (request) => {
  const guide = getCatalog().information.find((g) => g.id === param(request, 'informationId'));
  if (!guide) throw fail.notFound('Dit advies bestaat niet.');
  return cached({ informationId: guide.id, ...guide.data, url: `/advies/${guide.id}/`, body: filled(guide.body) });
};

/** A sent newsletter of content/newsletters/ with its Markdown body and the address of its archive page. */
export const getNewsletter: Handler = (request) => {
  const newsletter = getCatalog().newsletters.find((n) => n.id === param(request, 'newsletterId'));
  if (!newsletter) throw fail.notFound('Deze nieuwsbrief bestaat niet.');
  return cached({ newsletterId: newsletter.id, ...newsletter.data, url: `/nieuwsbrief/${newsletter.id}/`, body: filled(newsletter.body) });
};

/** A counter id of a newsletter's open pixel: short and lower case, so the counts table stays bounded. */
const counterIdSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  .max(40);

/** The smallest transparent GIF (1×1 pixel). */
const TRANSPARENT_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * The open pixel of a newsletter: counts one open under the newsletter and counter id (nothing about the reader is
 * stored) and answers a 1×1 transparent GIF that is never cached. An unknown newsletter or a counter id outside the
 * schema answers 404 and counts nothing.
 */
export const countNewsletterOpen: Handler = async (request) => {
  const newsletterId = param(request, 'newsletterId');
  if (!getCatalog().newsletters.some((n) => n.id === newsletterId)) throw fail.notFound('Deze nieuwsbrief bestaat niet.');
  const counterId = counterIdSchema.safeParse(param(request, 'counterId'));
  if (!counterId.success) throw fail.notFound('Deze teller bestaat niet.');
  await getStorage().countNewsletterOpen(newsletterId, counterId.data, now());
  return new ApiReply(200, { 'content-type': 'image/gif', 'cache-control': 'no-store' }, TRANSPARENT_GIF);
};

export const getSupport: Handler = (request) => {
  const { company } = getCatalog();
  if (param(request, 'supportId') !== 'default') throw fail.notFound('Deze contactgegevens bestaan niet.');
  return cached({ supportId: 'default', ...company.support, sales: company.sales });
};

/** GET /api/messages/[?pagina=/path/]: the site messages shown now (on that page). */
export const listMessages: Handler = (request) => {
  const at = now();
  const page = request.url.searchParams.get('pagina');
  const messages = getCatalog().messages.filter((m) => isCurrent(m, at) && (!page || showsOn(m, page)));
  return json({ messages }, 200, { 'cache-control': 'public, max-age=60' });
};

/** GET /api/messages/{messageId}/: one site message, whether it shows now or not (`current`). */
export const getMessage: Handler = (request) => {
  const message = getCatalog().messages.find((m) => m.id === param(request, 'messageId'));
  if (!message) throw fail.notFound('Deze melding bestaat niet.');
  return json({ ...message, current: isCurrent(message, now()) }, 200, { 'cache-control': 'public, max-age=60' });
};

/** GET /api/banners/[?plaats=home]: the banners shown now (in that slot: home, categorie:{id}, producttype:{id}, merk:{id}). */
export const listBanners: Handler = (request) => {
  const at = now();
  const placement = request.url.searchParams.get('plaats');
  const banners = getCatalog().banners.filter((b) => isCurrent(b, at) && (!placement || b.placements.includes(placement)));
  return json({ banners }, 200, { 'cache-control': 'public, max-age=60' });
};

/** GET /api/banners/{bannerId}/: one banner, whether it shows now or not (`current`). */
export const getBanner: Handler = (request) => {
  const banner = getCatalog().banners.find((b) => b.id === param(request, 'bannerId'));
  if (!banner) throw fail.notFound('Deze banner bestaat niet.');
  return json({ ...banner, current: isCurrent(banner, now()) }, 200, { 'cache-control': 'public, max-age=60' });
};

/**
 * GET /api/preview/: whether the build this server serves is a preview (drafts included, every page noindex; see
 * src/lib/preview.ts), from the build's dist/server/build.json, and when it was built. No build information (a dev
 * server): not a preview.
 */
export const getPreview: Handler = () => {
  let info: { preview?: unknown; builtAt?: unknown } = {};
  try {
    info = JSON.parse(readFileSync(join(process.cwd(), 'dist/server/build.json'), 'utf8')) as typeof info;
  } catch {
    // No build here: astro dev, or a build from before build.json existed.
  }
  return json({ preview: info.preview === true, builtAt: typeof info.builtAt === 'string' ? info.builtAt : null });
};

/** GET /api/rewrites/{rewriteId}/: one rewrite of content/settings/rewrites.yaml (old address → new, 301). */
export const getRewrite: Handler = (request) => {
  const rewrite = getCatalog().rewrites.find((r) => r.id === param(request, 'rewriteId'));
  if (!rewrite) throw fail.notFound('Deze doorverwijzing bestaat niet.');
  return cached({ rewriteId: rewrite.id, from: rewrite.from, to: rewrite.to, status: 301 });
};

export const robots: Handler = () =>
  cached({
    userAgent: '*',
    disallow: ['/api/', '/winkelwagen/', '/afrekenen/', '/typesense/', '/beheer/'],
    sitemap: `https://${getCatalog().company.hostname}/sitemap-index.xml`,
  });

/** GET /api/shop/mode/: live or maintenance (src/server/content/shop-mode.ts); kept 5 s by browsers and CDNs. */
export const shopMode: Handler = async () => json(await shopModeState(), 200, { 'cache-control': 'public, max-age=5' });

/** PUT /api/shop/mode/ `{ mode }`: an admin switches the shop for every instance. */
export const switchMode: Handler = async (request) => {
  const claims = requireAuth(request);
  if (claims.role !== 'admin') throw fail.forbidden();
  const parsed = z.object({ mode: z.enum(SHOP_MODES) }).safeParse(request.body);
  if (!parsed.success) throw fail.invalid([{ field: 'mode', errorMessage: 'Kies live of maintenance.' }]);
  const mode = await switchShopMode(parsed.data.mode);
  logger.info({ mode, by: claims.sub }, 'shop mode switched');
  return json(await shopModeState(), 200);
};

/** A product export for the shop's own systems: staff only. */
export const shopExport: Handler = (request) => {
  const claims = requireAuth(request);
  if (!can(claims.role, 'exportProducts')) throw fail.forbidden();
  return json(
    [...getCatalog().products.values()].map((p) => ({
      productId: p.productId,
      ean: p.ean,
      brand: p.brand,
      name: p.name,
      price: p.price,
      shopOnlyPrice: p.shopOnlyPrice ?? null,
      stock: p.stock,
      expired: p.expired,
    })),
  );
};

/** Facet values with counts per product type, from the products' `facets` (the search filters). */
function filtersByType(): Record<string, Record<string, Record<string, number>>> {
  const result: Record<string, Record<string, Record<string, number>>> = {};
  for (const product of getCatalog().products.values()) {
    if (product.expired) continue;
    const facets = (result[product.productType] ??= {});
    for (const [key, value] of Object.entries({ merk: product.brand, ...product.facets })) {
      const values = (facets[key] ??= {});
      values[value] = (values[value] ?? 0) + 1;
    }
  }
  return result;
}

export const listFilters: Handler = () => {
  const all: Record<string, Record<string, number>> = {};
  for (const facets of Object.values(filtersByType()))
    for (const [key, values] of Object.entries(facets))
      for (const [value, count] of Object.entries(values)) (all[key] ??= {})[value] = (all[key]?.[value] ?? 0) + count;
  return cached(Object.entries(all).map(([filterId, values]) => ({ filterId, values })));
};

export const getFilter: Handler = (request) => {
  const id = param(request, 'filterId');
  const values: Record<string, number> = {};
  for (const facets of Object.values(filtersByType()))
    for (const [value, count] of Object.entries(facets[id] ?? {})) values[value] = (values[value] ?? 0) + count;
  if (Object.keys(values).length === 0) throw fail.notFound('Dit filter bestaat niet.');
  return cached({ filterId: id, values });
};

export const productTypeFilters: Handler = () => cached(filtersByType());

export const informationFilters: Handler = () =>
  cached(Object.fromEntries(Object.entries(filtersByType()).map(([type, facets]) => [type, Object.keys(facets)])));

/** The specification labels (per group) used by products of one type. */
export const specificationsOf: Handler = (request) => {
  const type = param(request, 'productType');
  const groups: Record<string, Set<string>> = {};
  for (const product of getCatalog().products.values()) {
    if (product.productType !== type) continue;
    for (const spec of product.specifications) (groups[spec.group] ??= new Set()).add(spec.label);
  }
  if (Object.keys(groups).length === 0) throw fail.notFound('Voor dit soort artikel zijn geen specificaties bekend.');
  return cached({ productType: type, groups: Object.fromEntries(Object.entries(groups).map(([g, labels]) => [g, [...labels].sort()])) });
};
