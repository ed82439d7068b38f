// Banners (issue 12): a picture or a coloured panel with a Dutch headline, text and link, shown in a slot of a
// prebuilt page (the home hero, a category, a product type, a brand) between two instants. Pure: the build renders
// every banner a slot may show, hidden, and the slot's inline script (src/client/inline/banners.ts) shows the first
// one whose time has come, so a banner appears and goes at its time without a rebuild; the API answers the current ones.
export type Banner = {
  id: string;
  title: string;
  text: string;
  link: { href: string; label: string };
  /** A picture from public/ with its size (so nothing moves while it loads), or null for a coloured panel. */
  image: { src: string; alt: string; width: number; height: number } | null;
  tone: 'blauw' | 'groen' | 'oranje' | 'grijs';
  /** ISO 8601 instants with their offset (Europe/Amsterdam as the editor means it). */
  from: string;
  until: string;
  /** Where it shows: `home`, `categorie:{id}`, `producttype:{id}` or `merk:{id}`. */
  placements: string[];
};

export const PLACEMENT = /^(home|(categorie|producttype|merk):[a-z0-9-]+)$/;

/** The banners of one slot, in the file's order (the first current one shows). */
export function bannersFor(banners: readonly Banner[], placement: string): Banner[] {
  return banners.filter((b) => b.placements.includes(placement));
}

/** What a placement may name: the top-level categories, the product types (subcategories) and the brands. */
export type KnownPlacements = { categories: ReadonlySet<string>; productTypes: ReadonlySet<string>; brands: ReadonlySet<string> };

/** Placements naming a category, product type or brand that does not exist, with where they are in the file. */
export function placementProblems(banners: readonly Pick<Banner, 'placements'>[], known: KnownPlacements) {
  const problems: { index: number; placement: number; message: string }[] = [];
  for (const [index, banner] of banners.entries()) {
    for (const [at, placement] of banner.placements.entries()) {
      const [kind, id = ''] = placement.split(':');
      const [set, what] =
        kind === 'categorie'
          ? [known.categories, 'de id van een hoofdcategorie in content/catalog/categories.yaml']
          : kind === 'producttype'
            ? [known.productTypes, 'een producttype (de id van een subcategorie) in content/catalog/categories.yaml']
            : kind === 'merk'
              ? [known.brands, 'de bestandsnaam van een merk in content/brands']
              : [null, ''];
      if (set && !set.has(id))
        problems.push({
          index,
          placement: at,
          message: `${kind === 'categorie' ? 'onbekende' : 'onbekend'} ${kind} "${id}": verwacht ${what}`,
        });
    }
  }
  return problems;
}
