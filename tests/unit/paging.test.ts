// Long lists as static pages of 48: the paths, the slices, the follow-up pages the build makes, the titles.
import { describe, expect, it } from 'vitest';
import { followUpPages, pageCount, pageOf, pagePath, pageTitle } from '../../src/lib/paging.ts';

const items = Array.from({ length: 100 }, (_, i) => i + 1);

describe('paged lists', () => {
  it('keep page 1 at the list path and put the others under pagina/', () => {
    expect(pagePath('/merken/bosch/', 1)).toBe('/merken/bosch/');
    expect(pagePath('/merken/bosch/', 2)).toBe('/merken/bosch/pagina/2/');
  });

  it('cut 100 items into 48, 48 and 4', () => {
    expect(pageCount(100)).toBe(3);
    expect(pageCount(96)).toBe(2);
    expect(pageCount(0)).toBe(1);
    expect(pageOf(items, 1, '/x/').items).toEqual(items.slice(0, 48));
    const last = pageOf(items, 3, '/x/');
    expect(last.items).toEqual([97, 98, 99, 100]);
    expect(last).toMatchObject({ page: 3, pages: 3, total: 100 });
    expect(last.path(2)).toBe('/x/pagina/2/');
    expect(() => pageOf(items, 4, '/x/')).toThrow(RangeError);
    expect(() => pageOf(items, 0, '/x/')).toThrow(RangeError);
  });

  it('make the follow-up pages only for lists longer than one page', () => {
    expect(followUpPages(48)).toEqual([]);
    expect(followUpPages(49)).toEqual([2]);
    expect(followUpPages(100)).toEqual([2, 3]);
  });

  it('title the follow-up pages with their number', () => {
    expect(pageTitle('Bosch kopen', { page: 1, pages: 2 })).toBe('Bosch kopen');
    expect(pageTitle('Bosch kopen', { page: 2, pages: 2 })).toBe('Bosch kopen – pagina 2 van 2');
  });
});
