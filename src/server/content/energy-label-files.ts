// The sample catalogue's energy labels (/energielabels/{productId}.svg) and product information sheets
// (/energielabels/{productId}.pdf), drawn on request from the server's catalogue for each product whose
// energyLabelUrl or productSheetUrl points there (src/lib/energy-label-samples.ts); products that link their
// supplier's files in EPREL get 404. On demand rather than prerendered: with a generated catalogue of 50,000 products
// the build would otherwise draw and compress two files per appliance that hardly anyone opens (issue 11's build
// time). A drawing takes well under a millisecond; the answer is compressed when the browser accepts it and may be kept
// by browsers and CDNs as a prerendered file may. Served by src/pages/energielabels/[productId].{svg,pdf}.ts.
import { createHash } from 'node:crypto';
import { getCatalog } from './catalog.ts';
import { CACHE_CONTROL } from '../http/cache-control.ts';
import { encodeAnswer } from '../http/compression.ts';
import { sampleLabelPath, sampleLabelSvg, sampleSheetPath, sampleSheetPdf } from '../../lib/energy-label-samples.ts';

const PRODUCT_ID = /^\d{1,9}$/;

const notFound = () =>
  new Response('Dit energielabel bestaat niet (meer).', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': CACHE_CONTROL.noStore },
  });

/** The sample label (`svg`) or sheet (`pdf`) of a product, or 404 when the product does not link one here. */
export function sampleEnergyFile(kind: 'svg' | 'pdf', productId: string | undefined, request: Request): Response {
  if (!productId || !PRODUCT_ID.test(productId)) return notFound();
  const product = getCatalog().products.get(Number(productId));
  if (!product?.energyLabel) return notFound();
  const label = kind === 'svg';
  const linked = label
    ? product.energyLabelUrl === sampleLabelPath(product.productId)
    : product.productSheetUrl === sampleSheetPath(product.productId);
  if (!linked) return notFound();
  const input = { ...product, energyLabel: product.energyLabel, energyLabelScale: product.energyLabelScale ?? ('A-G' as const) };
  const contentType = label ? 'image/svg+xml; charset=utf-8' : 'application/pdf';
  const drawn = label ? sampleLabelSvg(input) : Buffer.from(sampleSheetPdf(input));
  const answer = encodeAnswer(request.headers.get('accept-encoding') ?? undefined, contentType, undefined, drawn);
  // The same product data draws the same bytes: an ETag of them (one per encoding) lets a browser or CDN revalidate
  // with a 304 instead of fetching the file again.
  const etag = `W/"${createHash('sha256').update(drawn).digest('base64url').slice(0, 22)}${answer.encoding ? `-${answer.encoding}` : ''}"`;
  const headers: Record<string, string> = { 'content-type': contentType, 'cache-control': CACHE_CONTROL.revalidated, etag };
  if (answer.encoding) headers['content-encoding'] = answer.encoding;
  if (answer.vary) headers.vary = answer.vary;
  if (
    request.headers
      .get('if-none-match')
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return new Response(null, { status: 304, headers });
  const body = typeof answer.body === 'string' ? answer.body : new Uint8Array(answer.body);
  return new Response(request.method === 'HEAD' ? null : body, { headers });
}
