// Cookie consent (issue 12): the visitor's choice about analytics, stored in localStorage and in the first-party
// cookie app-consent as {v:1, analytics, at}, honoured for 12 months after `at`; a missing, malformed, future or
// older choice counts as no choice, and the banner asks again. Without a valid choice that says yes, nothing reaches
// window.dataLayer (src/client/analytics.ts). The banner in the Shell is plain HTML, shown and wired by the tiny
// inline script inline/consent-banner.ts (no framework, no JS file); the footer's "Cookie-instellingen" button
// reopens it.
//
// The inline script repeats parseConsent's rule in a few bytes; tests/unit/client-consent.test.ts runs both on
// the same values.

export const CONSENT_KEY = 'app-consent';
export const CONSENT_VERSION = 1;
export const CONSENT_MONTHS = 12;
/** The cookie's lifetime: 12 months of at most 31 days, so it never expires before the choice does. */
export const CONSENT_COOKIE_SECONDS = 372 * 86_400;

export type Consent = { v: 1; analytics: boolean; at: string };

/** The moment a choice made at `at` stops counting: 12 calendar months later. */
export function consentExpiry(at: Date): Date {
  const end = new Date(at.getTime());
  end.setUTCMonth(end.getUTCMonth() + CONSENT_MONTHS);
  return end;
}

/** The stored text as a choice that still counts at `now`, or null (absent, malformed, from the future, expired). */
export function parseConsent(raw: string | null | undefined, now: Date = new Date()): Consent | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { v, analytics, at } = value as Record<string, unknown>;
  if (v !== CONSENT_VERSION || typeof analytics !== 'boolean' || typeof at !== 'string') return null;
  const made = new Date(at);
  if (Number.isNaN(made.getTime()) || made.getTime() > now.getTime() + 86_400_000) return null;
  if (now.getTime() >= consentExpiry(made).getTime()) return null;
  return { v: CONSENT_VERSION, analytics, at };
}

type ConsentSources = { storage?: Pick<Storage, 'getItem'> | null; cookie?: string };

function cookieValue(cookie: string): string | null {
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === CONSENT_KEY) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The visitor's valid choice: localStorage first, then the cookie (a browser that blocks storage still has it). */
export function readConsent(sources: ConsentSources = {}, now: Date = new Date()): Consent | null {
  let stored: string | null = null;
  try {
    const storage = sources.storage === undefined ? globalThis.localStorage : sources.storage;
    stored = storage?.getItem(CONSENT_KEY) ?? null;
  } catch {
    stored = null;
  }
  const cookie = sources.cookie ?? globalThis.document?.cookie ?? '';
  return parseConsent(stored, now) ?? parseConsent(cookieValue(cookie), now);
}

/** True only with a valid stored choice that allows analytics. */
export const hasAnalyticsConsent = (sources?: ConsentSources, now?: Date): boolean => readConsent(sources, now)?.analytics === true;
