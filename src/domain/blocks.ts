// Editorial files that name other content by id: pages place blocks (content/blocks/*.md) with `blocks: [id, …]`,
// buying guides (content/information/*.md) name their categories with `categories: [id, …]`. An id that does not
// exist must fail the build, naming the file and the field.

type Known = { has(id: string): boolean };

function checkIds(file: string, field: string, ids: readonly string[], known: Known, unknown: (id: string) => string): void {
  ids.forEach((id, index) => {
    if (!known.has(id)) throw new Error(`${file}: ${field}.${index}: ${unknown(id)}`);
  });
}

/**
 * Throws when `placed` names a block that is not in `known`: `{file}: blocks.{index}: onbekend blok "{id}" …`.
 * Used by the Astro build (src/components/BlockList.astro) and by the server's catalogue (src/server/content/catalog.ts).
 */
export function checkBlockIds(file: string, placed: readonly string[], known: Known): void {
  checkIds(file, 'blocks', placed, known, (id) => `onbekend blok "${id}" (er is geen content/blocks/${id}.md)`);
}

/** Throws when a guide names a category that is not in categories.yaml: `{file}: categories.{index}: onbekende categorie "{id}"`. */
export function checkCategoryIds(file: string, categories: readonly string[], known: Known): void {
  checkIds(file, 'categories', categories, known, (id) => `onbekende categorie "${id}" (geen id in content/catalog/categories.yaml)`);
}

/** Addresses below /nieuwsbrief/ that are pages of their own, so no newsletter file may take them as its slug. */
const RESERVED_NEWSLETTER_SLUGS: ReadonlySet<string> = new Set(['afmelden', 'bevestigen']);

/** Throws when a newsletter's file name is the slug of another page below /nieuwsbrief/. */
export function checkNewsletterSlug(file: string, slug: string): void {
  if (RESERVED_NEWSLETTER_SLUGS.has(slug))
    throw new Error(`${file}: de bestandsnaam "${slug}" is al van de pagina /nieuwsbrief/${slug}/; geef het bestand een andere naam`);
}
