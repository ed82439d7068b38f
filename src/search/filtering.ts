// The filter stage of a search: `filter_by` parsed and evaluated over one index generation's columns into the set
// of documents that may be found (null: no filter, every document may).
import type { Bits } from './bitset.ts';
import type { IndexGeneration } from './collection.ts';
import { evaluateFilter } from './columns.ts';
import { FilterSyntaxError, parseFilter } from './filter.ts';
import { TypesenseError } from './schema.ts';

export function filterDocuments(gen: IndexGeneration, filterBy: string | undefined): Bits | null {
  const text = filterBy?.trim();
  if (!text) return null;
  let ast: ReturnType<typeof parseFilter>;
  try {
    ast = parseFilter(text);
  } catch (error) {
    if (error instanceof FilterSyntaxError) throw new TypesenseError(400, 'Could not parse the filter query.');
    throw error;
  }
  return evaluateFilter(ast, gen.n, (name) => (name === 'id' ? 'id' : gen.column(name)), gen.ids);
}
