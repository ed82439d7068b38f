// The documents of an import (order confirmations and drawings, PDF files next to the export): each must be a
// regular file, a PDF by its content, and not larger than the limit. Checked for the whole file before anything
// is stored, so a missing drawing refuses the import instead of leaving it half done.
import { open, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ImportedOrder } from './import-file.ts';

/** A kitchen order's PDF is a few hundred kilobytes; a scanned drawing a few megabytes. */
const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
const PDF_MAGIC = Buffer.from('%PDF-');

/** The absolute path of a document listed in an export: relative paths start at the export's directory. */
function documentPath(baseDir: string, listed: string): string {
  return resolve(baseDir, listed);
}

async function startsWithPdfMagic(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(PDF_MAGIC.length);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.equals(PDF_MAGIC);
  } finally {
    await file.close();
  }
}

/** The problems with the documents of these orders, each naming its row and column. */
export async function checkDocuments(orders: readonly ImportedOrder[], baseDir: string): Promise<string[]> {
  const problems: string[] = [];
  for (const { row, order } of orders) {
    for (const document of order.documents) {
      const column = document.kind === 'orderConfirmation' ? 'order_confirmation_pdf' : 'drawing_pdfs';
      const path = documentPath(baseDir, document.path);
      const problem = await (async () => {
        const info = await stat(path).catch(() => null);
        if (!info?.isFile()) return 'no such file';
        if (info.size > MAX_DOCUMENT_BYTES) return `larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB`;
        if (!(await startsWithPdfMagic(path))) return 'not a PDF file';
        return null;
      })();
      if (problem) problems.push(`row ${row}: ${column}: ${document.path}: ${problem}`);
    }
  }
  return problems;
}
