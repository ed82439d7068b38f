// Analytics events of the cart (SPEC §4: adding and removing send events) in the GA4 e-commerce shape, pushed onto
// window.dataLayer for whichever tag manager the site loads. Until such a script runs (or when it never does,
// e.g. blocked), the dataLayer array is the queue of pending events; so that it cannot grow without end, it is
// trimmed to the newest 50 entries whenever it holds more than 100, checked every 30 seconds (SPEC §9).
// Consent (issue 12): an event is pushed only when the visitor's stored choice allows analytics
// (src/client/consent.ts). Events without that consent, before any choice or after "Weigeren", are dropped, not
// kept for later: nothing about a visit before "Accepteren" ever reaches the data layer.
import { hasAnalyticsConsent } from './consent.ts';

export type AnalyticsItem = {
  productId: string | number;
  name: string;
  brand?: string;
  category?: string;
  /** Unit price in cents. */
  price: number;
  qty: number;
};

export type DataLayerHost = { dataLayer?: unknown[] };

export type EcommerceEvent = {
  event: 'add_to_cart' | 'remove_from_cart';
  ecommerce: {
    currency: string;
    value: number;
    items: Array<{ item_id: string; item_name: string; item_brand?: string; item_category?: string; price: number; quantity: number }>;
  };
};

export const ANALYTICS_TRIM_INTERVAL_MS = 30_000;
export const ANALYTICS_MAX_PENDING = 100;
export const ANALYTICS_KEEP_PENDING = 50;

/** Cents as euros with at most two decimals, as GA4 wants amounts. */
const euros = (cents: number) => Math.round(cents) / 100;

const browserHost = (): DataLayerHost | undefined => (typeof window === 'undefined' ? undefined : (window as DataLayerHost));

export function ecommerceEvent(event: EcommerceEvent['event'], items: AnalyticsItem[], currency = 'EUR'): EcommerceEvent {
  return {
    event,
    ecommerce: {
      currency,
      value: euros(items.reduce((sum, item) => sum + item.price * item.qty, 0)),
      items: items.map((item) => ({
        item_id: String(item.productId),
        item_name: item.name,
        ...(item.brand ? { item_brand: item.brand } : {}),
        ...(item.category ? { item_category: item.category } : {}),
        price: euros(item.price),
        quantity: item.qty,
      })),
    },
  };
}

/** The page's own data layer is trimmed by one timer, started with its first event. */
let defaultTrimmerStarted = false;

/** Whether analytics may run now; the stored consent unless a test passes its own. */
export type ConsentCheck = () => boolean;

function push(event: EcommerceEvent, host: DataLayerHost | undefined, consent: ConsentCheck): void {
  if (!host || !consent()) return;
  const dataLayer = (host.dataLayer ??= []);
  // GA4 asks to clear the previous e-commerce object first, so its items do not leak into this event.
  dataLayer.push({ ecommerce: null }, event);
  if (host === browserHost() && !defaultTrimmerStarted) {
    defaultTrimmerStarted = true;
    startAnalyticsTrimmer();
  }
}

const storedConsent: ConsentCheck = () => hasAnalyticsConsent();

export function trackAddToCart(
  items: AnalyticsItem | AnalyticsItem[],
  currency = 'EUR',
  host = browserHost(),
  consent: ConsentCheck = storedConsent,
): void {
  push(ecommerceEvent('add_to_cart', ([] as AnalyticsItem[]).concat(items), currency), host, consent);
}

export function trackRemoveFromCart(
  items: AnalyticsItem | AnalyticsItem[],
  currency = 'EUR',
  host = browserHost(),
  consent: ConsentCheck = storedConsent,
): void {
  push(ecommerceEvent('remove_from_cart', ([] as AnalyticsItem[]).concat(items), currency), host, consent);
}

/** Keeps the newest `keep` entries when there are more than `max`. In place: a tag manager holds the array. */
export function trimPending(list: unknown[], max = ANALYTICS_MAX_PENDING, keep = ANALYTICS_KEEP_PENDING): void {
  if (list.length > max) list.splice(0, list.length - keep);
}

export type TrimmerOptions = { intervalMs?: number; max?: number; keep?: number; host?: DataLayerHost };

/** Starts the periodic trim of window.dataLayer (started by the first cart event); returns a stop function. */
export function startAnalyticsTrimmer(options: TrimmerOptions = {}): () => void {
  const { intervalMs = ANALYTICS_TRIM_INTERVAL_MS, max, keep, host } = options;
  const timer = setInterval(() => {
    const list = (host ?? browserHost())?.dataLayer;
    if (list) trimPending(list, max, keep);
  }, intervalMs);
  return () => clearInterval(timer);
}
