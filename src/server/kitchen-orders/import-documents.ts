// The documents of an import (order confirmations and drawings, PDF files next to the export). First checked for
// the whole file: each must be a regular file, a PDF by its content, and not larger than the limit, so a missing
// drawing refuses the import before anything is stored. Then stored in the upload store (src/server/uploads/),
// outside the web root under a random id; a file whose bytes the order already has (same kind, name and SHA-256, and
// still on disk) is not stored again, so importing the same export twice changes nothing.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { KitchenDocument, KitchenOrder } from '../../domain/kitchen-order.ts';
import { deleteUpload, openUpload, saveUpload } from '../uploads/store.ts';
import type { ImportedOrder, ListedDocument } from './import-file.ts';

/** A kitchen order's PDF is a few hundred kilobytes; a scanned drawing a few megabytes. */
const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
const PDF_MAGIC = Buffer.from('%PDF-');

/** Who owns the stored files: no token's subject has a ':', so only staff reach them through the upload route. */
const ownerOf = (orderNumber: string) => `kitchen-order:${orderNumber}`;

/** The absolute path of a document listed in an export: relative paths start at the export's directory. */
const documentPath = (baseDir: string, listed: ListedDocument) => resolve(baseDir, listed.path);

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
  for (const { row, documents } of orders) {
    for (const document of documents) {
      const column = document.kind === 'orderConfirmation' ? 'order_confirmation_pdf' : 'drawing_pdfs';
      const path = documentPath(baseDir, document);
      const problem = await (async () => {
        const info = await stat(path).catch(() => null);
        if (!info?.isFile()) return 'no such file';
        if (info.size === 0) return 'empty';
        if (info.size > MAX_DOCUMENT_BYTES) return `larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB`;
        if (!(await startsWithPdfMagic(path))) return 'not a PDF file';
        return null;
      })();
      if (problem) problems.push(`row ${row}: ${column}: ${document.path}: ${problem}`);
    }
  }
  return problems;
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/**
 * The stored documents of one imported order: those the order already has with the same bytes are kept, the others
 * are stored now. Checked documents only (checkDocuments).
 */
export async function storeDocuments(
  imported: ImportedOrder,
  baseDir: string,
  stored: KitchenOrder | null,
  at: Date,
): Promise<KitchenDocument[]> {
  const documents: KitchenDocument[] = [];
  for (const listed of imported.documents) {
    const path = documentPath(baseDir, listed);
    const sha256 = await sha256Of(path);
    const same = stored?.documents.find((d) => d.kind === listed.kind && d.fileName === listed.fileName && d.sha256 === sha256);
    // Kept only while its file is still there: an import restores a file that went missing.
    if (same && (await openUpload(same.documentId, at))) {
      documents.push(same);
      continue;
    }
    const record = await saveUpload(
      {
        owner: ownerOf(imported.order.orderNumber),
        fileName: listed.fileName,
        source: createReadStream(path),
        maxBytes: MAX_DOCUMENT_BYTES,
      },
      at,
    );
    if (record.contentType !== 'application/pdf') {
      await deleteUpload(record.fileId, at);
      throw new Error(`row ${imported.row}: ${listed.path}: stored as ${record.contentType}, not as a PDF`);
    }
    documents.push({ documentId: record.fileId, kind: listed.kind, fileName: listed.fileName, size: record.size, sha256: record.sha256 });
  }
  return documents;
}

/** Deletes the files an order no longer lists after an import replaced its documents. */
export async function discardReplacedDocuments(before: KitchenOrder | null, after: KitchenOrder, at: Date): Promise<void> {
  const kept = new Set(after.documents.map((d) => d.documentId));
  for (const document of before?.documents ?? []) if (!kept.has(document.documentId)) await deleteUpload(document.documentId, at);
}
