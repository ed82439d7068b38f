// Paging and searching the back office's lists: newest first, one page at a time by keyset (the last row's creation
// time and id travel in the link), so a page costs one index range however far back it is; and what a staff member
// types in a list's search field, read as the one field it can be (an order reference, an e-mail address, a postal
// code), so every look-up uses its index.
import { isStoredId } from '../../domain/ids.ts';
import { normalizePostalCode } from '../../domain/address.ts';

export const PAGE_SIZE = 25;

export type Cursor = { createdAt: string; id: string };

/** The `voor` parameter of a list's link: the row after which the next page starts. */
export function readCursor(raw: string | null): Cursor | null {
  if (!raw || raw.length > 200) return null;
  const at = raw.lastIndexOf('~');
  if (at <= 0) return null;
  const createdAt = raw.slice(0, at);
  const id = raw.slice(at + 1);
  if (Number.isNaN(Date.parse(createdAt)) || !isStoredId(id)) return null;
  return { createdAt: new Date(createdAt).toISOString(), id };
}

const cursorParam = (row: { createdAt: string; id: string }) => `${row.createdAt}~${row.id}`;

/** A list's link with its filters and, when given, the page that starts after `cursor`. */
export function listHref(path: string, filters: Record<string, string | null | undefined>, cursor?: Cursor | null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (cursor) params.set('voor', cursorParam(cursor));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** What a search field's text is: an order reference, an e-mail address or a postal code (NL or BE), or nothing usable. */
export function readSearch(raw: string | null): { field: 'orderRef' | 'email' | 'postalCode'; value: string } | null {
  const text = raw?.trim().slice(0, 254) ?? '';
  if (!text) return null;
  if (text.includes('@')) return { field: 'email', value: text };
  if (/^KH-\d{4}-[A-Z0-9]{8}$/i.test(text)) return { field: 'orderRef', value: text.toUpperCase() };
  const postal = normalizePostalCode('NL', text) ?? normalizePostalCode('BE', text);
  if (postal) return { field: 'postalCode', value: postal };
  return null;
}

/** Where the login sends someone who opened a back-office page without a session. */
export function loginRedirect(url: URL): string {
  return `/beheer/inloggen/?terug=${encodeURIComponent(url.pathname + url.search)}`;
}
