// Reads the bytes of a catalogue feed (JSON or CSV) into a FeedCheck (src/domain/catalog-feed.ts): every row checked,
// the problems collected up to the limit. A large feed is read in slices with a turn of the event loop between them,
// so checking 50,000 rows never holds other requests up for long.
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { amsterdamTime } from '../../domain/amsterdam-calendar.ts';
import { csvColumns, csvRow, FEED_LIMITS, FeedCheck, type FeedContext } from '../../domain/catalog-feed.ts';
import type { CatalogView } from './live.ts';

export type FeedFormat = 'json' | 'csv';

/** Rows checked between two turns of the event loop. */
const SLICE = 1_000;
const number = new Intl.NumberFormat('nl-NL');

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What the checks compare with: the catalogue as served now, and today in Amsterdam. */
export function feedContext(catalog: CatalogView, at: Date): FeedContext {
  return { productOf: (productId) => catalog.products.get(productId), today: amsterdamTime(at).date };
}

function textOf(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

async function checkJson(text: string, check: FeedCheck, progress: (done: number) => void): Promise<void> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    check.refuse('', `is geen geldige JSON (${(error as Error).message.slice(0, 200)})`);
    return;
  }
  if (!Array.isArray(value)) {
    check.refuse('', 'moet een JSON-lijst van regels zijn, zoals [{"productId":100065,"price":44900}]');
    return;
  }
  if (value.length > FEED_LIMITS.rows) {
    check.refuse(
      '',
      `heeft ${number.format(value.length)} regels, meer dan ${number.format(FEED_LIMITS.rows)}; splits hem in kleinere feeds`,
    );
    return;
  }
  for (let index = 0; index < value.length && !check.full; index++) {
    check.add(value[index], index + 1);
    if ((index + 1) % SLICE === 0) {
      progress(index + 1);
      await nextTurn();
    }
  }
  progress(value.length);
}

function* slices(text: string, size: number): Generator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

async function checkCsv(text: string, check: FeedCheck, progress: (done: number) => void): Promise<void> {
  const end = text.indexOf('\n');
  const header = end === -1 ? text : text.slice(0, end);
  // A Dutch spreadsheet writes ';' between fields (the comma is its decimal sign); tabs and commas work too.
  const delimiter = header.includes(';') ? ';' : header.includes('\t') ? '\t' : ',';
  const parser = parse({
    delimiter,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    info: true,
    max_record_size: 64 * 1024,
  });
  const source = Readable.from(slices(text, 64 * 1024));
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let columns: ReturnType<typeof csvColumns> = null;
  let count = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!columns) {
        columns = csvColumns(record, check);
        if (!columns) return;
        continue;
      }
      const row = csvRow(columns, record, info.lines, check);
      if (row) check.add(row, info.lines);
      if (check.full) return;
      if (++count % SLICE === 0) {
        progress(count);
        await nextTurn();
      }
    }
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    const reason = (error as Error).message.slice(0, 200);
    if (typeof line === 'number' && line > 0) check.problem(line, '', `kan niet als CSV worden gelezen (${reason})`);
    check.refuse('', `is geen leesbare CSV${typeof line === 'number' ? ` vanaf regel ${line}` : ''}`);
    return;
  } finally {
    source.unpipe(parser);
    source.destroy();
    parser.destroy();
  }
  if (!columns) check.refuse('', 'is leeg; een CSV-feed begint met een kopregel, zoals productId;price');
  progress(count);
}

/**
 * Checks a whole feed. `onChecked` hears how many rows were checked (now and then, and at the end). The feed may be
 * stored only when the result has no problems.
 */
export async function checkFeed(
  bytes: Buffer,
  format: FeedFormat,
  context: FeedContext,
  onChecked: (done: number) => void = () => {},
): Promise<FeedCheck> {
  const check = new FeedCheck(context);
  const text = textOf(bytes);
  await (format === 'json' ? checkJson(text, check, onChecked) : checkCsv(text, check, onChecked));
  if (check.problems.length === 0 && check.rows.length === 0) check.refuse('', 'bevat geen regels');
  return check;
}
