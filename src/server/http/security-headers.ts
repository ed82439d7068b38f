// The security headers of every answer, in one place. src/server/serve.ts sends them on everything (pages, static
// files, /api, /typesense, errors); the pages' Content-Security-Policy allows their inline scripts and styles by
// hash only, collected from the built HTML (src/integrations/csp.ts) or, for pages rendered on demand, from the
// page itself (src/middleware.ts). frame-ancestors only works as a header, which is why this is not a <meta>.
import { createHash } from 'node:crypto';
import { SUGGEST_STYLE } from '../../client/search-suggest.ts';
import { searchConfig } from '../../search/config.ts';

/** The file, next to the server build, in which the build leaves the pages' hashes (read by src/server/serve.ts). */
export const CSP_MANIFEST = 'csp.json';

/** Sent with every answer. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // Powerful features the shop never uses, off for the page and anything it might embed.
  'permissions-policy':
    'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=(), xr-spatial-tracking=()',
});

/** Answers that are data, not documents (/api, /typesense, plain-text errors): nothing may load, nothing may frame them. */
export const DATA_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export type InlineHashes = {
  /** 'sha256-…' of each inline script that runs (JSON-LD and other data blocks are not scripts). */
  scriptHashes: string[];
  /** 'sha256-…' of each <style> element. */
  styleHashes: string[];
};

/** Styles a page adds at run time (a <style> element is checked against style-src however it got there). */
const RUNTIME_STYLES = [SUGGEST_STYLE];

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

// Types a browser runs as script; any other type (application/ld+json, application/json…) is a data block.
const EXECUTABLE_TYPES = new Set(['', 'module', 'importmap', 'text/javascript', 'application/javascript', 'text/ecmascript']);
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
const TYPE_ATTRIBUTE = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const SRC_ATTRIBUTE = /\bsrc\s*=/i;
// Inline event handlers and style attributes would need 'unsafe-inline' / 'unsafe-hashes': not allowed in our pages.
const INLINE_ATTRIBUTE = /<[a-z][^>]*?\s(on[a-z]+|style)\s*=/gi;

/** The hashes of the inline scripts and styles of one HTML document, and the inline attributes the policy would block. */
export function inlineContent(html: string): InlineHashes & { blockedAttributes: string[] } {
  const scriptHashes = new Set<string>();
  const styleHashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (SRC_ATTRIBUTE.test(attributes)) continue;
    const type = TYPE_ATTRIBUTE.exec(attributes);
    const value = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase();
    if (EXECUTABLE_TYPES.has(value)) scriptHashes.add(hash(body));
  }
  for (const [, body = ''] of html.matchAll(STYLE)) styleHashes.add(hash(body));
  const markup = html.replace(SCRIPT, '<script></script>').replace(STYLE, '<style></style>');
  const blockedAttributes = [...markup.matchAll(INLINE_ATTRIBUTE)].map((m) => m[1]!.toLowerCase());
  return { scriptHashes: [...scriptHashes], styleHashes: [...styleHashes], blockedAttributes };
}

/** The origins the pages' scripts talk to besides their own: a Typesense cluster when TYPESENSE_URL is set. */
export function connectSources(env: Record<string, string | undefined> = process.env): string[] {
  const node = searchConfig(env).node;
  if (!node) return [];
  const defaultPort = node.protocol === 'https' ? 443 : 80;
  return [`${node.protocol}://${node.host}${node.port === defaultPort ? '' : `:${node.port}`}`];
}

/** The Content-Security-Policy of an HTML page whose inline scripts and styles have these hashes. */
export function pageContentSecurityPolicy(hashes: InlineHashes, connect: readonly string[] = connectSources()): string {
  const unique = (list: Iterable<string>) => [...new Set(list)].sort().join(' ');
  const scripts = unique(hashes.scriptHashes);
  const styles = unique([...hashes.styleHashes, ...RUNTIME_STYLES.map(hash)]);
  return [
    "default-src 'self'",
    `script-src 'self'${scripts ? ` ${scripts}` : ''}`,
    `style-src 'self' ${styles}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${connect.length > 0 ? ` ${connect.join(' ')}` : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** An HTML answer rendered on demand, with the policy of its own inline scripts and styles; other answers unchanged. */
export async function withPagePolicy(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.set('content-security-policy', pageContentSecurityPolicy(inlineContent(html)));
  return new Response(html, { status: response.status, headers });
}
