// Rewrites of old addresses: the checks that fail the build (duplicates, loops, chains), the look-up per request and
// the CDN's _redirects file.
import { describe, expect, it } from 'vitest';
import { findRewrite, redirectsFile, rewriteProblems, rewriteTable } from '../../src/domain/rewrites.ts';

const rule = (id: string, from: string, to: string) => ({ id, from, to });

describe('rewriteProblems', () => {
  it('accepts rules that each lead straight to their end', () => {
    expect(rewriteProblems([rule('a', '/oud/', '/nieuw/'), rule('b', '/ouder/', '/nieuw/')])).toEqual([]);
  });

  it('refuses a rule to itself, a loop and a chain, naming the rule and the field', () => {
    expect(rewriteProblems([rule('a', '/a/', '/a/')])).toEqual([
      { index: 0, field: 'to', message: 'een doorverwijzing naar hetzelfde adres geeft een eindeloze lus' },
    ]);
    const loop = rewriteProblems([rule('a', '/a/', '/b/'), rule('b', '/b/', '/a/')]);
    expect(loop.map((p) => [p.index, p.field])).toEqual([
      [0, 'to'],
      [1, 'to'],
    ]);
    expect(loop[0]!.message).toContain('lus');
    const chain = rewriteProblems([rule('a', '/a/', '/b/'), rule('b', '/b/', '/c/')]);
    expect(chain).toEqual([
      {
        index: 0,
        field: 'to',
        message: '"/b/" wordt zelf doorverwezen (regel 1): laat deze regel meteen naar "/c/" wijzen, zonder tussenstap',
      },
    ]);
  });

  it('refuses the same old address or id twice', () => {
    const problems = rewriteProblems([rule('a', '/a/', '/x/'), rule('a', '/a/', '/y/')]);
    expect(problems).toEqual([
      { index: 1, field: 'id', message: 'de id "a" komt twee keer voor' },
      { index: 1, field: 'from', message: '"/a/" wordt twee keer doorverwezen (ook in regel 0)' },
    ]);
  });
});

describe('findRewrite and the _redirects file', () => {
  const table = rewriteTable([rule('a', '/oud/', '/nieuw/')]);
  it('finds a path with or without its final slash, and nothing else', () => {
    expect(findRewrite(table, '/oud/')?.to).toBe('/nieuw/');
    expect(findRewrite(table, '/oud')?.to).toBe('/nieuw/');
    expect(findRewrite(table, '/oud/x/')).toBeNull();
    expect(findRewrite(table, '/nieuw/')).toBeNull();
  });

  it('writes one line per rule, as static hosts read it', () => {
    expect(redirectsFile([rule('a', '/oud/', '/nieuw/'), rule('b', '/x/', 'https://elders.example/')])).toBe(
      '/oud/ /nieuw/ 301\n/x/ https://elders.example/ 301\n',
    );
  });
});
