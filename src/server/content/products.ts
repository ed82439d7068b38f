// GET /api/products/, /api/products/{productId}/, /api/products/{productId}/time-sensitive/ and its batch form
// /api/products/time-sensitive/?ids=…: served from the
// catalogue. Prices here are what the cart charges; shop-only prices are never part of these public answers.
import { z } from 'zod';
import { stockLabel } from '../../domain/stock.ts';
import { deliveryCalendar } from '../../domain/delivery-calendar.ts';
import type { Product } from '../../schemas/catalog.ts';
import { getCatalog, type ProductSummary } from './catalog.ts';
import { now } from '../runtime/clock.ts';
import type { ApiRequest, Handler } from '../http/context.ts';
import { CATALOGUE_CACHE, fail, json } from '../http/reply.ts';
import { CACHE_CONTROL } from '../http/cache-control.ts';
import { parseOr422 } from '../http/validation.ts';
import { productIdsQuery } from './product-ids.ts';

const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(24),
  category: z.string().max(60).optional(),
  brand: z.string().max(60).optional(),
  productType: z.string().max(60).optional(),
  includeExpired: z.enum(['true', 'false']).optional(),
});

function query(request: ApiRequest): Record<string, string> {
  return Object.fromEntries(request.url.searchParams);
}

function productOf(request: ApiRequest): Product {
  const raw = request.route.params.productId ?? '';
  if (!/^[1-9]\d{0,9}$/.test(raw)) throw fail.notFound('Dit artikel bestaat niet.');
  const product = getCatalog().products.get(Number(raw));
  if (!product) throw fail.notFound('Dit artikel bestaat niet.');
  return product;
}

export const listProducts: Handler = (request) => {
  const q = parseOr422(listQuerySchema, query(request));
  const catalog = getCatalog();
  let list: ProductSummary[] = [...catalog.summaries.values()];
  if (q.includeExpired !== 'true') list = list.filter((p) => !p.expired);
  if (q.category) list = list.filter((p) => p.category === q.category || catalog.categories.get(p.category)?.parent === q.category);
  if (q.brand) list = list.filter((p) => p.brand.toLowerCase() === q.brand!.toLowerCase());
  if (q.productType) list = list.filter((p) => p.productType === q.productType);
  const total = list.length;
  const start = (q.page - 1) * q.perPage;
  return json({ items: list.slice(start, start + q.perPage), total, page: q.page, perPage: q.perPage }, 200, {
    'cache-control': CATALOGUE_CACHE,
  });
};

export const getProduct: Handler = (request) => {
  const product = productOf(request);
  // Staff fields leave by GET /api/products/staff-info/ only (staff-info.ts), whatever the caller's role.
  const { shopOnlyPrice: _shopPrice, purchasePrice: _purchase, displayedInStore: _inStore, ...visible } = product;
  const summary = getCatalog().summaries.get(product.productId)!;
  return json({ ...visible, url: summary.url, image: summary.image, categoryId: summary.categoryId }, 200, {
    'cache-control': CATALOGUE_CACHE,
  });
};

/** What may change between builds of a product: price, discounts, stock and the first delivery day. */
function timeSensitiveOf(product: Product, at: Date) {
  const catalog = getCatalog();
  const calendar = deliveryCalendar({ now: at, settings: catalog.delivery, specialDates: catalog.specialDates, stock: [product.stock] });
  return {
    productId: product.productId,
    price: product.price,
    discounts: product.discounts,
    expired: product.expired,
    stock: { ...product.stock, label: stockLabel(product.stock.state) },
    minDeliveryDay: product.expired ? null : calendar.minDeliveryDay,
  };
}

export const getTimeSensitive: Handler = (request) =>
  json(timeSensitiveOf(productOf(request), now()), 200, { 'cache-control': CACHE_CONTROL.timeSensitive });

/**
 * GET /api/products/time-sensitive/?ids=1,2,3: the same for up to 100 products in one answer (a listing page or a
 * page of search hits asks once, not once per card). Unknown ids are left out; the items follow the order asked.
 */
export const getTimeSensitiveBatch: Handler = (request) => {
  const { ids } = parseOr422(productIdsQuery, { ids: request.url.searchParams.get('ids') ?? '' });
  const products = getCatalog().products;
  const at = now();
  const items = ids.flatMap((id) => {
    const product = products.get(id);
    return product ? [timeSensitiveOf(product, at)] : [];
  });
  return json({ items }, 200, { 'cache-control': CACHE_CONTROL.timeSensitive });
};
