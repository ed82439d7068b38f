// Newsletter subscribers in the back office: the paged list by status and the CSV export of the confirmed ones
// (for the mailing tool), streamed in pages so that 100,000 subscribers never sit in memory at once.
import type { Subscription } from '../forms/newsletter.ts';
import { getStorage } from '../storage/index.ts';
import type { StoredDocument } from '../storage/types.ts';
import { PAGE_SIZE, type Cursor } from '../storage/paging.ts';

export const SUBSCRIPTION_LABELS: Readonly<Record<Subscription['status'], string>> = {
  pending: 'Wacht op bevestiging',
  active: 'Ingeschreven',
  unsubscribed: 'Afgemeld',
};

const isStatus = (value: unknown): value is Subscription['status'] => typeof value === 'string' && value in SUBSCRIPTION_LABELS;

export async function listSubscribers(
  input: { status: string | null; before: Cursor | null },
  now: Date,
): Promise<{ rows: StoredDocument<Subscription>[]; total: number; next: Cursor | null }> {
  const filter: Record<string, string> = isStatus(input.status) ? { status: input.status } : {};
  const storage = getStorage();
  const [rows, total] = await Promise.all([
    storage.listDocuments<Subscription>('newsletterSubscribers', { filter, before: input.before, limit: PAGE_SIZE + 1 }, now),
    storage.countDocuments('newsletterSubscribers', filter, now),
  ]);
  const shown = rows.slice(0, PAGE_SIZE);
  const last = shown.at(-1);
  return { rows: shown, total, next: rows.length > PAGE_SIZE && last ? { createdAt: last.createdAt, id: last.id } : null };
}

/**
 * One CSV field: quoted when needed, and a value that a spreadsheet would run as a formula (=, +, -, @, tab, CR at the
 * start) made plain text with a leading apostrophe (OWASP's advice against CSV injection).
 */
export function csvField(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const EXPORT_PAGE = 500;

/** The confirmed subscribers as CSV (UTF-8 with a BOM, so spreadsheet programs read the accents), newest first. */
export function subscribersCsv(now: Date): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let before: Cursor | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode('\uFEFFe-mailadres,voornaam,aangemeld via,bevestigd op\r\n'));
      }
      const rows = await getStorage().listDocuments<Subscription>(
        'newsletterSubscribers',
        { filter: { status: 'active' }, before, limit: EXPORT_PAGE },
        now,
      );
      if (rows.length > 0) {
        const text = rows
          .map(({ data }) => [data.emailAddress, data.firstName, data.source, data.confirmedAt].map(csvField).join(','))
          .join('\r\n');
        controller.enqueue(encoder.encode(`${text}\r\n`));
      }
      const last = rows.at(-1);
      if (rows.length < EXPORT_PAGE || !last) controller.close();
      else before = { createdAt: last.createdAt, id: last.id };
    },
  });
}
