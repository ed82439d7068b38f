// Work on many files from the build steps (src/integrations/*), a few at a time: their reads overlap, and no more
// than `size` files are in memory at once.

/** `work` on every item, `size` at a time; the results in the items' order. */
export async function mapInBatches<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return results;
}
