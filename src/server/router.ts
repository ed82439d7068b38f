// Matches a request path against the permission map: which route it is and the values of its parameters.
import { API_ROUTES, type ApiRouteRule } from './permissions.ts';

export type RouteMatch = {
  /** The route pattern as in the permission map, e.g. 'carts/{cartId}'. */
  route: string;
  rule: ApiRouteRule;
  params: Record<string, string>;
};

type Compiled = { route: string; rule: ApiRouteRule; segments: readonly (string | { param: string })[] };

function compile(route: string, rule: ApiRouteRule): Compiled {
  const segments = route === '' ? [] : route.split('/').map((s) => (/^\{\w+\}$/.test(s) ? { param: s.slice(1, -1) } : s));
  return { route, rule, segments };
}

// Grouped by segment count; within a group, routes with literal segments earlier come first, so that a literal
// always beats a parameter at the same position.
const byLength = new Map<number, Compiled[]>();
for (const [route, rule] of Object.entries(API_ROUTES)) {
  const compiled = compile(route, rule);
  const list = byLength.get(compiled.segments.length) ?? [];
  list.push(compiled);
  byLength.set(compiled.segments.length, list);
}
const literalRank = (c: Compiled) => c.segments.map((s) => (typeof s === 'string' ? '0' : '1')).join('');
for (const list of byLength.values()) list.sort((a, b) => literalRank(a).localeCompare(literalRank(b)));

const API_PREFIX = '/api/';

/** The route of a path such as '/api/carts/abc/' (with or without the final slash), or null. */
export function matchApiPath(pathname: string): RouteMatch | null {
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
}
