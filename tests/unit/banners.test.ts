// Banners (content/settings/banners.yaml): the file's shape, and placements that must name a real category,
// product type or brand. Expected messages and paths are written out by hand.
import { describe, expect, it } from 'vitest';
import { bannersFor, placementProblems, type Banner } from '../../src/domain/banners';
import { bannersSchema } from '../../src/schemas/notices';

const banner = (over: Record<string, unknown> = {}) => ({
  id: 'actie',
  title: 'Een actie',
  text: 'Een tekst van een banner.',
  link: { href: '/aanbiedingen/', label: 'Bekijk' },
  from: '2026-11-27T00:00:00+01:00',
  until: '2026-12-01T00:00:00+01:00',
  placements: ['home'],
  ...over,
});

const issuesOf = (data: unknown) => {
  const result = bannersSchema.safeParse(data);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('the banners file', () => {
  it('accepts a coloured panel and fills in its defaults', () => {
    const parsed = bannersSchema.parse({ banners: [banner()] });
    expect(parsed.banners[0]).toMatchObject({ tone: 'blauw', image: null });
  });

  it('names the field of a broken date, an until before its from, and a wrong placement', () => {
    expect(issuesOf({ banners: [banner({ from: '27-11-2026' })] })).toEqual([
      { path: 'banners.0.from', message: 'een datum en tijd met tijdzone, zoals 2026-12-26T00:00:00+01:00' },
    ]);
    expect(issuesOf({ banners: [banner({ until: '2026-11-26T00:00:00+01:00' })] })).toEqual([
      { path: 'banners.0.until', message: 'het einde ("until") moet na het begin ("from") liggen' },
    ]);
    expect(issuesOf({ banners: [banner({ placements: ['winkel:cruquius'] })] })).toEqual([
      { path: 'banners.0.placements.0', message: 'home, categorie:{id}, producttype:{id} of merk:{id}' },
    ]);
  });

  it('refuses a picture without its size and two banners with one id', () => {
    expect(issuesOf({ banners: [banner({ image: { src: '/images/actie.webp', alt: 'Een keuken' } })] }).map((i) => i.path)).toEqual([
      'banners.0.image.width',
      'banners.0.image.height',
    ]);
    expect(issuesOf({ banners: [banner(), banner()] })).toEqual([
      { path: 'banners', message: 'elke id van een banner mag maar één keer voorkomen' },
    ]);
  });
});

describe('placements', () => {
  const known = {
    categories: new Set(['inbouwapparatuur']),
    productTypes: new Set(['vaatwassers']),
    brands: new Set(['bosch']),
  };

  it('finds a category, product type or brand that does not exist, with where it is', () => {
    const banners = [
      { placements: ['home', 'categorie:inbouwapparatuur', 'producttype:vaatwassers', 'merk:bosch'] },
      { placements: ['merk:bosh', 'categorie:vaatwassers'] },
    ];
    expect(placementProblems(banners, known)).toEqual([
      { index: 1, placement: 0, message: 'onbekend merk "bosh": verwacht de bestandsnaam van een merk in content/brands' },
      {
        index: 1,
        placement: 1,
        message: 'onbekende categorie "vaatwassers": verwacht de id van een hoofdcategorie in content/catalog/categories.yaml',
      },
    ]);
  });

  it('gives a slot its banners in the order of the file', () => {
    const list = [
      { id: 'a', placements: ['home'] },
      { id: 'b', placements: ['merk:bosch'] },
      { id: 'c', placements: ['merk:bosch', 'home'] },
    ] as unknown as Banner[];
    expect(bannersFor(list, 'home').map((b) => b.id)).toEqual(['a', 'c']);
  });
});
