// What the file-taking commands (catalog:feed, orders:status-import, kitchen-orders:import) share: one FILE.json or
// FILE.csv argument and --dry-run (else the usage and exit code 2), the file checked to exist and to stay under a size
// before it is read, and a refusal that lists the problems and exits with code 1.
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { parseArgs } from 'node:util';

export type FileCommand = { file: string; format: 'json' | 'csv'; dryRun: boolean };

/** Prints `heading` and each problem on stderr, then exits with code 1. */
export function refuse(heading: string, problems: readonly string[]): never {
  console.error(heading);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}

type Texts = {
  usage: string;
  /** The refusal's first line for this many problems. */
  heading: (count: number) => string;
  missing: (file: string) => string;
  tooLarge: (file: string, megabytes: number) => string;
};

/** The command's file and options from process.argv, the file checked; refuses or exits 2 otherwise. */
export async function fileCommand(maxBytes: number, texts: Texts): Promise<FileCommand> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'dry-run': { type: 'boolean', default: false } } });
  const file = positionals[0];
  const format = file ? extname(file).slice(1).toLowerCase() : '';
  if (positionals.length !== 1 || !file || (format !== 'json' && format !== 'csv')) {
    console.error(texts.usage);
    process.exit(2);
  }
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) refuse(texts.heading(1), [texts.missing(file)]);
  if (info.size > maxBytes) refuse(texts.heading(1), [texts.tooLarge(file, maxBytes / 1024 / 1024)]);
  return { file, format, dryRun: values['dry-run'] };
}
