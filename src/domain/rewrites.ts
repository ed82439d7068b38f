// Rewrites (issue 12): old addresses that moved, answered with 301 to their new place by `npm start` and, through the
// `_redirects` file the build writes, by a CDN. Pure: the content schema checks a file of them with these rules, the
// server looks addresses up, and the build writes the CDN's file.
export type Rewrite = { id: string; from: string; to: string };

/** An address of this site: a path from the root, ending in '/' (the shop's addresses all do), without query. */
export const SITE_PATH = /^\/(?:[a-z0-9._~%-]+\/)*$/i;

/** What is wrong with a list of rewrites, each problem with the rule's index and field, in Dutch for editors. */
export function rewriteProblems(rules: readonly Rewrite[]): { index: number; field: 'id' | 'from' | 'to'; message: string }[] {
  const problems: { index: number; field: 'id' | 'from' | 'to'; message: string }[] = [];
  const byFrom = new Map<string, number>();
  const ids = new Set<string>();
  rules.forEach((rule, index) => {
    if (ids.has(rule.id)) problems.push({ index, field: 'id', message: `de id "${rule.id}" komt twee keer voor` });
    ids.add(rule.id);
    if (byFrom.has(rule.from))
      problems.push({
        index,
        field: 'from',
        message: `"${rule.from}" wordt twee keer doorverwezen (ook in regel ${byFrom.get(rule.from)})`,
      });
    else byFrom.set(rule.from, index);
    if (rule.from === rule.to)
      problems.push({ index, field: 'to', message: 'een doorverwijzing naar hetzelfde adres geeft een eindeloze lus' });
  });
  rules.forEach((rule, index) => {
    const next = byFrom.get(rule.to);
    if (next === undefined || rule.from === rule.to) return;
    // Follow the chain: a loop when it comes back, a chain otherwise (the first rule should point at the end).
    const seen = new Set([rule.from]);
    let at = rule.to;
    while (byFrom.has(at) && !seen.has(at)) {
      seen.add(at);
      at = rules[byFrom.get(at)!]!.to;
    }
    problems.push(
      seen.has(at)
        ? { index, field: 'to', message: `"${rule.from}" → "${rule.to}" is deel van een lus van doorverwijzingen` }
        : {
            index,
            field: 'to',
            message: `"${rule.to}" wordt zelf doorverwezen (regel ${next}): laat deze regel meteen naar "${at}" wijzen, zonder tussenstap`,
          },
    );
  });
  return problems;
}

/** The rewrites by their old address, for look-ups per request. */
export function rewriteTable(rules: readonly Rewrite[]): ReadonlyMap<string, Rewrite> {
  return new Map(rules.map((rule) => [rule.from, rule]));
}

/** The rewrite of a request path: the path as asked, or with the final '/' the shop's addresses have. */
export function findRewrite(table: ReadonlyMap<string, Rewrite>, pathname: string): Rewrite | null {
  return table.get(pathname) ?? (pathname.endsWith('/') ? null : (table.get(`${pathname}/`) ?? null));
}

/** The `_redirects` file of static hosts and CDNs (Netlify, Cloudflare Pages): one `from to 301` line per rule. */
export function redirectsFile(rules: readonly Rewrite[]): string {
  return `${rules.map((rule) => `${rule.from} ${rule.to} 301`).join('\n')}\n`;
}
