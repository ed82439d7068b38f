// Inline after the cookie banner and the footer (src/components/ConsentBanner.astro): shows #consent when no valid
// choice is stored (in localStorage or the app-consent cookie; the rule of parseConsent in ../consent.ts, which
// tests/unit/client-consent.test.ts checks against this script), stores a click on [data-consent] ("yes"/"no") in
// both places and hides the banner, and reopens it from any [data-consent-open] button. The window event
// 'app-consent' tells other scripts of the page about a new choice.
import { CONSENT_COOKIE_SECONDS, CONSENT_KEY, CONSENT_MONTHS, CONSENT_VERSION, type Consent } from '../consent.ts';

/** Whether a stored text is a choice that still counts: not malformed, not from the future, not expired. */
function counts(raw: string | null | undefined): boolean {
  try {
    const choice: Partial<Consent> = JSON.parse(raw!);
    const at = Date.parse(choice.at!);
    const end = new Date(at);
    const now = Date.now();
    return (
      choice.v === CONSENT_VERSION &&
      typeof choice.analytics === 'boolean' &&
      typeof choice.at === 'string' &&
      at <= now + 864e5 &&
      now < end.setUTCMonth(end.getUTCMonth() + CONSENT_MONTHS)
    );
  } catch {
    return false;
  }
}

const banner = document.getElementById('consent');
if (banner) {
  let stored: string | null | undefined;
  try {
    stored = localStorage.getItem(CONSENT_KEY);
  } catch {}
  // The cookie named CONSENT_KEY.
  const match = document.cookie.match(/(?:^|; *)app-consent=([^;]*)/);
  let cookie: string | null | undefined;
  try {
    cookie = match && decodeURIComponent(match[1]!);
  } catch {}
  banner.hidden = counts(stored) || counts(cookie);

  banner.onclick = (event) => {
    const button = (event.target as Element).closest<HTMLElement>('[data-consent]');
    if (!button) return;
    const choice: Consent = { v: CONSENT_VERSION, analytics: button.dataset.consent === 'yes', at: new Date().toISOString() };
    const text = JSON.stringify(choice);
    try {
      localStorage.setItem(CONSENT_KEY, text);
    } catch {}
    // biome-ignore lint/suspicious/noDocumentCookie: a few bytes on every page; the Cookie Store API is not everywhere
    document.cookie = `${CONSENT_KEY}=${encodeURIComponent(text)}; Path=/; Max-Age=${CONSENT_COOKIE_SECONDS}; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
    banner.hidden = true;
    dispatchEvent(new CustomEvent(CONSENT_KEY));
  };

  document.addEventListener('click', (event) => {
    const target = event.target as Element;
    // biome-ignore lint/complexity/useOptionalChain: ES2019 (the build's target) has no ?., esbuild would spell it out longer
    if (target.closest && target.closest('[data-consent-open]')) {
      banner.hidden = false;
      banner.querySelector('button')!.focus();
    }
  });
}
