// The import CLI (`npm run kitchen-orders:import -- FILE`) against real storage: SQLite in a fresh data directory,
// or PostgreSQL when DATABASE_URL is set (shared with other test files, so the orders made up here have numbers of
// their own). A file with one bad row imports nothing, and the problem names its row and column.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KitchenOrder } from '../../src/domain/kitchen-order.ts';
import { createStorage } from '../../src/server/storage/index.ts';
import type { Storage } from '../../src/server/storage/types.ts';
import { runImport, sampleCopy } from './helpers/kitchen-orders.ts';

const DOCUMENT = fileURLToPath(new URL('../../content/kitchen-orders/documents/KO-2026-00156-orderbevestiging.pdf', import.meta.url));
const SAMPLE_PDF = readFileSync(new URL('../../content/kitchen-orders/documents/KO-2026-00087-orderbevestiging.pdf', import.meta.url));
const HEADER =
  'order_number,customer_name,email,phone,country,postal_code,store_id,kitchen_id,kitchen_description,order_confirmed,delivery_week,order_confirmation_pdf';

let dir: string;
let storage: Storage;
/** Order numbers no other test file uses: year 2099 and a random serial. */
const fresh = () => `KO-2099-${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;

function writeCsv(name: string, lines: string[]): string {
  const file = join(dir, name);
  writeFileSync(file, `${[HEADER, ...lines].join('\n')}\n`);
  return file;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kitchen-import-'));
  storage = createStorage({ SHOP_DATA_DIR: dir, DATABASE_URL: process.env.DATABASE_URL });
  await storage.migrate();
});

afterAll(async () => {
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
});

// Each test runs the CLI (a Node process that loads the catalogue) once or twice: seconds each on a busy machine.
describe('npm run kitchen-orders:import', { timeout: 60_000 }, () => {
  it('imports the sample with its PDFs, and importing it again changes nothing', async () => {
    const sample = sampleCopy();
    const first = await runImport(sample.file, dir);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('4 orders: 4 inserted, 0 updated, 0 unchanged.');
    const login = await storage.findKitchenOrderLogin(sample.belgian.orderNumber);
    expect(login?.postalCode).toBe('2018');
    const stored = await storage.getKitchenOrder<KitchenOrder>(login!.id);
    expect(stored?.data).toMatchObject({ orderNumber: sample.belgian.orderNumber, country: 'BE', customer: { phone: '+32470123456' } });
    // Its PDF is in the upload store, under a random id, with the size and SHA-256 of the sample file.
    const [document] = stored!.data.documents;
    expect(document).toEqual({
      documentId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      kind: 'orderConfirmation',
      fileName: 'KO-2026-00087-orderbevestiging.pdf',
      size: SAMPLE_PDF.length,
      sha256: createHash('sha256').update(SAMPLE_PDF).digest('hex'),
    });
    const upload = await storage.get<{ contentType: string; deleted: boolean }>('uploads', document!.documentId, new Date());
    expect(upload).toMatchObject({
      owner: `kitchen-order:${sample.belgian.orderNumber}`,
      data: { contentType: 'application/pdf', deleted: false },
    });
    expect(readFileSync(join(dir, 'uploads', document!.documentId))).toEqual(SAMPLE_PDF);

    const again = await runImport(sample.file, dir);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('4 orders: 0 inserted, 0 updated, 4 unchanged.');
    expect(again.stdout).toContain(`${sample.belgian.orderNumber}: unchanged (id ${login!.id})`);
    // The same bytes are not stored twice.
    expect((await storage.getKitchenOrder<KitchenOrder>(login!.id))?.data.documents[0]?.documentId).toBe(document!.documentId);
  });

  it('replaces a document whose file changed, and deletes the one it replaced', async () => {
    const number = fresh();
    const pdf = join(dir, 'orderbevestiging.pdf');
    writeFileSync(pdf, '%PDF-1.4\nversie 1\n%%EOF\n');
    const file = writeCsv('replace.csv', [
      `${number},Jan Smit,jan@example.nl,0612345678,NL,2316 XA,keukens-zoeterwoude,7014,,2026-11-02,,orderbevestiging.pdf`,
    ]);
    expect((await runImport(file, dir)).code).toBe(0);
    const { id } = (await storage.findKitchenOrderLogin(number))!;
    const first = (await storage.getKitchenOrder<KitchenOrder>(id))!.data.documents[0]!;
    writeFileSync(pdf, '%PDF-1.4\nversie 2\n%%EOF\n');
    const second = await runImport(file, dir);
    expect(second.stdout).toContain(`${number}: updated (id ${id})`);
    const replaced = (await storage.getKitchenOrder<KitchenOrder>(id))!.data.documents[0]!;
    expect(replaced.documentId).not.toBe(first.documentId);
    expect(readFileSync(join(dir, 'uploads', replaced.documentId), 'utf8')).toContain('versie 2');
    expect(await storage.get('uploads', first.documentId, new Date())).toMatchObject({ data: { deleted: true } });
    expect(existsSync(join(dir, 'uploads', first.documentId))).toBe(false);
  });

  it('updates an order imported again with other dates, keeping its id', async () => {
    const number = fresh();
    const row = (week: string) =>
      `${number},Jan Smit,jan@example.nl,0612345678,NL,2316 XA,keukens-zoeterwoude,7014,,2026-11-02,${week},${DOCUMENT}`;
    const first = await runImport(writeCsv('first.csv', [row('2027-W10')]), dir);
    expect(first.stdout).toContain('1 orders: 1 inserted, 0 updated, 0 unchanged.');
    const { id } = (await storage.findKitchenOrderLogin(number))!;
    const second = await runImport(writeCsv('second.csv', [row('2027-W12')]), dir);
    expect(second.stdout).toContain(`${number}: updated (id ${id})`);
    expect(await storage.getKitchenOrder(id)).toMatchObject({ version: 2, data: { deliveryWeek: '2027-W12' } });
  });

  it('refuses a file with one bad row as a whole: nothing imported, the problem names the row and the column', async () => {
    const [good, bad] = [fresh(), fresh()];
    const file = writeCsv('bad.csv', [
      `${good},Jan Smit,jan@example.nl,0612345678,NL,2316 XA,keukens-zoeterwoude,7014,,2026-11-02,2027-W10,${DOCUMENT}`,
      `${bad},Els Peeters,els@example.be,0470123456,BE,20000,keukens-zoeterwoude,,Maatwerk keuken,2026-11-03,,${DOCUMENT}`,
    ]);
    const run = await runImport(file, dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Nothing was imported: 1 problem in the file.');
    expect(run.stderr).toContain('row 2 (line 3): postal_code: a postal code of BE such as 2000');
    expect(await storage.findKitchenOrderLogin(good)).toBeNull();
    expect(await storage.findKitchenOrderLogin(bad)).toBeNull();
  });

  it('refuses a document that is missing or not a PDF, naming its row', async () => {
    const notPdf = join(dir, 'tekening.pdf');
    writeFileSync(notPdf, 'GIF89a pretending to be a PDF');
    const number = fresh();
    const file = writeCsv('documents.csv', [
      `${number},Jan Smit,jan@example.nl,0612345678,NL,2316 XA,keukens-zoeterwoude,7014,,2026-11-02,,missing.pdf`,
      `${fresh()},Jan Smit,jan@example.nl,0612345678,NL,2316 XA,keukens-zoeterwoude,7014,,2026-11-02,,tekening.pdf`,
    ]);
    const run = await runImport(file, dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('row 1: order_confirmation_pdf: missing.pdf: no such file');
    expect(run.stderr).toContain('row 2: order_confirmation_pdf: tekening.pdf: not a PDF file');
    expect(await storage.findKitchenOrderLogin(number)).toBeNull();
  });

  it('checks without storing with --dry-run, and refuses a file of another type', async () => {
    const number = fresh();
    const file = writeCsv('dry.csv', [`${number},Jan Smit,jan@example.nl,0612345678,NL,2316 XA,keukens-zoeterwoude,7014,,2026-11-02,,`]);
    const dry = await runImport(file, dir, ['--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('1 orders are valid; nothing was stored (--dry-run).');
    expect(await storage.findKitchenOrderLogin(number)).toBeNull();
    const wrongType = await runImport(join(dir, 'orders.xlsx'), dir);
    expect(wrongType.code).toBe(2);
    expect(wrongType.stderr).toContain('Usage: npm run kitchen-orders:import');
  });
});
