// Matches a request path against a route table: which route it is and the values of its parameters. The table
// itself is src/server/routes.ts; this file only knows the shape of a rule.
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type ApiRouteRule = {
  methods: readonly HttpMethod[];
  /** The route reads or changes one record that only its owner may use (the handler checks the owner). */
  allowedOwnData: boolean;
};

/** How the gate treats a route's request before its handler runs (src/server/gate.ts). */
export type RouteGateRule = ApiRouteRule & {
  /** The method whose body is multipart/form-data, streamed to the handler instead of read by the gate. */
  multipart?: HttpMethod;
  /** The method whose body (a catalogue feed: JSON or CSV, megabytes) is streamed to the handler, which reads it with
   *  its own byte and time limits, instead of read by the gate. */
  streamed?: HttpMethod;
  /** Takes HTML form posts besides JSON (a form that works without JavaScript, a provider's form post). */
  forms?: boolean;
  /**
   * Exempt from the cross-site form check: authorised by a signature in its URL (RFC 8058 one-click unsubscribe
   * from the mail provider's servers) or a provider's callback that changes nothing on what is posted.
   */
  crossSite?: 'signed-link' | 'provider-callback';
};

export type RouteMatch = {
  /** The route pattern as in the permission map, e.g. 'carts/{cartId}'. */
  route: string;
  rule: RouteGateRule;
  params: Record<string, string>;
};

type Compiled = { route: string; rule: RouteGateRule; segments: readonly (string | { param: string })[] };

function compile(route: string, rule: RouteGateRule): Compiled {
  const segments = route === '' ? [] : route.split('/').map((s) => (/^\{\w+\}$/.test(s) ? { param: s.slice(1, -1) } : s));
  return { route, rule, segments };
}

const API_PREFIX = '/api/';

/**
 * A matcher over route patterns relative to /api/ without slashes at either end ('' is /api/ itself); `{name}` is
 * a parameter that matches one path segment. Literal segments win over parameters ('carts/address' before
 * 'carts/{cartId}').
 */
export function routeMatcher(table: Readonly<Record<string, RouteGateRule>>): (pathname: string) => RouteMatch | null {
  // Grouped by segment count; within a group, routes with literal segments earlier come first, so that a literal
  // always beats a parameter at the same position.
  const byLength = new Map<number, Compiled[]>();
  for (const [route, rule] of Object.entries(table)) {
    const compiled = compile(route, rule);
    const list = byLength.get(compiled.segments.length) ?? [];
    list.push(compiled);
    byLength.set(compiled.segments.length, list);
  }
  const literalRank = (c: Compiled) => c.segments.map((s) => (typeof s === 'string' ? '0' : '1')).join('');
  for (const list of byLength.values()) list.sort((a, b) => literalRank(a).localeCompare(literalRank(b)));

  /** The route of a path such as '/api/carts/abc/' (with or without the final slash), or null. */
  return (pathname) => {
    let rest: string;
    if (pathname === '/api' || pathname === '/api/') rest = '';
    else if (pathname.startsWith(API_PREFIX)) rest = pathname.slice(API_PREFIX.length).replace(/\/$/, '');
    else return null;
    let parts: string[];
    try {
      parts = rest === '' ? [] : rest.split('/').map(decodeURIComponent);
    } catch {
      return null;
    }
    if (parts.some((p) => p === '')) return null;
    const candidates = byLength.get(parts.length);
    if (!candidates) return null;
    outer: for (const c of candidates) {
      const params: Record<string, string> = {};
      for (let i = 0; i < parts.length; i++) {
        const s = c.segments[i]!;
        if (typeof s === 'string') {
          if (s !== parts[i]) continue outer;
        } else params[s.param] = parts[i]!;
      }
      return { route: c.route, rule: c.rule, params };
    }
    return null;
  };
}
