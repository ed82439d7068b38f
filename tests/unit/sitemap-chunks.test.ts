// The sitemap protocol allows 50,000 URLs per file: a larger kind of sitemap is split over numbered files.
import { describe, expect, it } from 'vitest';
import { MAX_URLS_PER_SITEMAP, sitemapChunks } from '../../src/integrations/sitemaps.ts';

const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://www.keukenhuys.nl/p-${i + 1}/`);

describe('sitemapChunks', () => {
  it('keeps the protocol limit of 50,000', () => {
    expect(MAX_URLS_PER_SITEMAP).toBe(50_000);
  });

  it('writes one file under its own name up to the limit, also when it is empty', () => {
    expect(sitemapChunks('product', [])).toEqual([{ name: 'sitemap-product.xml', urls: [] }]);
    const chunks = sitemapChunks('product', urls(3), 3);
    expect(chunks.map((c) => [c.name, c.urls.length])).toEqual([['sitemap-product.xml', 3]]);
  });

  it('splits a larger kind over numbered files, in order, losing none', () => {
    const chunks = sitemapChunks('product', urls(7), 3);
    expect(chunks.map((c) => [c.name, c.urls.length])).toEqual([
      ['sitemap-product.xml', 3],
      ['sitemap-product-2.xml', 3],
      ['sitemap-product-3.xml', 1],
    ]);
    expect(chunks.flatMap((c) => c.urls)).toEqual(urls(7));
  });

  it('splits 120,001 product URLs into three files of at most 50,000', () => {
    const chunks = sitemapChunks('product', urls(120_001));
    expect(chunks.map((c) => c.urls.length)).toEqual([50_000, 50_000, 20_001]);
  });
});
