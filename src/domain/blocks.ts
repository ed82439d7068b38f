// Blocks are reusable Markdown snippets in content/blocks/ that editorial pages place by id (front matter
// `blocks: [id, …]`). A page that places a block that does not exist must fail the build, naming the file and field.

/**
 * Throws when `placed` names a block that is not in `known`: `{file}: blocks.{index}: unknown block "{id}" …`.
 * Used by the Astro build (src/components/BlockList.astro) and by the server's catalogue (src/server/catalog.ts).
 */
export function checkBlockIds(file: string, placed: readonly string[], known: { has(id: string): boolean }): void {
  placed.forEach((id, index) => {
    if (!known.has(id)) throw new Error(`${file}: blocks.${index}: unknown block "${id}" (there is no content/blocks/${id}.md)`);
  });
}
