// Quotes in the back office: the paged list (by status, or by the customer's e-mail address) and the editor's form,
// read into a draft: quantities, lines removed, a product added by its number, the discount in euros, a note for
// colleagues and a message for the customer. Every value is checked here; the rules of sending are in quote-store.ts.
import { itemKey, MAX_QTY_PER_ITEM } from '../../domain/cart.ts';
import type { QuoteItem } from '../../domain/cart-schema.ts';
import type { FieldError } from '../../domain/errors.ts';
import { parseEuro } from '../../domain/money.ts';
import { isQuoteStatus } from '../../domain/quote.ts';
import type { Catalog } from '../content/catalog.ts';
import type { Quote, QuoteDraft } from '../quotes/stored-quote.ts';
import { getStorage } from '../storage/index.ts';
import type { StoredDocument } from '../storage/types.ts';
import { PAGE_SIZE, type Cursor } from '../storage/paging.ts';

export async function listQuotes(
  input: { status: string | null; email: string | null; before: Cursor | null },
  now: Date,
): Promise<{ rows: StoredDocument<Quote>[]; total: number; next: Cursor | null }> {
  const filter: Record<string, string> = {};
  if (isQuoteStatus(input.status)) filter.status = input.status;
  const email = input.email?.trim().slice(0, 254);
  if (email) filter.email = email;
  const storage = getStorage();
  const [rows, total] = await Promise.all([
    storage.listDocuments<Quote>('quotes', { filter, before: input.before, limit: PAGE_SIZE + 1 }, now),
    storage.countDocuments('quotes', filter, now),
  ]);
  const shown = rows.slice(0, PAGE_SIZE);
  const last = shown.at(-1);
  return { rows: shown, total, next: rows.length > PAGE_SIZE && last ? { createdAt: last.createdAt, id: last.id } : null };
}

const MAX_LINES = 50;

/** The editor's form as a draft of `quote`, or the Dutch problems by field. */
export function readQuoteForm(form: URLSearchParams, quote: Quote, catalog: Catalog): { draft: QuoteDraft; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const removed = new Set(form.getAll('remove'));
  const items: Record<string, QuoteItem> = {};
  for (const [key, item] of Object.entries(quote.items)) {
    if (removed.has(key)) continue;
    const raw = form.get(`qty-${key}`);
    const qty = raw === null ? item.qty : Number(raw);
    if (!Number.isInteger(qty) || qty < 1 || qty > MAX_QTY_PER_ITEM) {
      errors.push({ field: `qty-${key}`, errorMessage: `Kies een aantal van 1 tot en met ${MAX_QTY_PER_ITEM}.` });
      items[key] = item;
    } else items[key] = { ...item, qty };
  }
  const added = form.get('addProductId')?.trim();
  if (added) {
    const productId = Number(added);
    const product = Number.isSafeInteger(productId) ? catalog.summaries.get(productId) : undefined;
    const qty = Number(form.get('addQty') || '1');
    if (!product || product.expired)
      errors.push({ field: 'addProductId', errorMessage: 'Er is geen leverbaar artikel met dit artikelnummer.' });
    else if (!Number.isInteger(qty) || qty < 1 || qty > MAX_QTY_PER_ITEM)
      errors.push({ field: 'addQty', errorMessage: `Kies een aantal van 1 tot en met ${MAX_QTY_PER_ITEM}.` });
    else {
      const key = itemKey(productId, null);
      items[key] = { productId, qty: Math.min(MAX_QTY_PER_ITEM, (items[key]?.qty ?? 0) + qty) };
    }
  }
  if (Object.keys(items).length > MAX_LINES)
    errors.push({ field: 'addProductId', errorMessage: `Een offerte heeft hoogstens ${MAX_LINES} regels.` });
  const discountText = form.get('discount') ?? '';
  const discountTotal = parseEuro(discountText);
  if (discountTotal === null) errors.push({ field: 'discount', errorMessage: 'Vul de korting in euro in, bijvoorbeeld 150,00.' });
  const text = (name: string, max: number) => form.get(name)?.trim().slice(0, max) || null;
  return {
    draft: {
      items,
      discountTotal: discountTotal ?? quote.discountTotal,
      staffNote: text('staffNote', 2000),
      message: text('message', 2000),
    },
    errors,
  };
}
