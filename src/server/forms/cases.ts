// Service requests and contact messages in the back office: each is a case staff work through (new, in progress,
// done) with internal notes that the customer never sees. Service requests are their own document kind; contact
// messages are form data of the form `contact`.
import { isStoredId } from '../../domain/ids.ts';
import { ApiError } from '../../domain/errors.ts';
import { getStorage } from '../storage/index.ts';
import type { StoredDocument } from '../storage/types.ts';
import { PAGE_SIZE, type Cursor } from '../storage/paging.ts';

const CASE_STATUSES = ['new', 'inProgress', 'done'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CASE_STATUS_LABELS: Readonly<Record<CaseStatus, string>> = { new: 'Nieuw', inProgress: 'In behandeling', done: 'Afgehandeld' };

export const isCaseStatus = (value: unknown): value is CaseStatus => (CASE_STATUSES as readonly unknown[]).includes(value);

export type CaseNote = { at: string; staffName: string; text: string };
/** What staff add to a case; a record stored before issue 10 has no status and counts as new. */
export type CaseFields = { status?: CaseStatus; staffNotes?: CaseNote[]; handledBy?: string | null };

export type CaseKind = 'serviceRequests' | 'contact';

const kindOf = (kind: CaseKind) => (kind === 'contact' ? 'formData' : 'serviceRequests');
const baseFilter = (kind: CaseKind): Record<string, string> => (kind === 'contact' ? { form: 'contact' } : {});

export const caseStatus = (data: CaseFields): CaseStatus => data.status ?? 'new';

export async function listCases<T>(
  kind: CaseKind,
  input: { status: string | null; before: Cursor | null },
  now: Date,
): Promise<{ rows: StoredDocument<T & CaseFields>[]; total: number; next: Cursor | null }> {
  const filter = { ...baseFilter(kind), ...(isCaseStatus(input.status) ? { status: input.status } : {}) };
  const storage = getStorage();
  const [rows, total] = await Promise.all([
    storage.listDocuments<T & CaseFields>(kindOf(kind), { filter, before: input.before, limit: PAGE_SIZE + 1 }, now),
    storage.countDocuments(kindOf(kind), filter, now),
  ]);
  const shown = rows.slice(0, PAGE_SIZE);
  const last = shown.at(-1);
  return { rows: shown, total, next: rows.length > PAGE_SIZE && last ? { createdAt: last.createdAt, id: last.id } : null };
}

export async function getCase<T>(kind: CaseKind, id: string, now: Date): Promise<StoredDocument<T & CaseFields> | null> {
  if (!isStoredId(id)) return null;
  const doc = await getStorage().get<T & CaseFields & { form?: string }>(kindOf(kind), id, now);
  if (!doc || (kind === 'contact' && doc.data.form !== 'contact')) return null;
  return doc;
}

/** Sets a case's status and adds a note (either may be left out), with who did it. */
export async function updateCase(
  kind: CaseKind,
  id: string,
  change: { status: CaseStatus | null; note: string | null },
  staffName: string,
  now: Date,
): Promise<void> {
  if (!change.status && !change.note) throw new ApiError(422, 'Kies een status of schrijf een notitie.');
  await getStorage().update<CaseFields>(
    kindOf(kind),
    id,
    (current) => {
      const notes = current.data.staffNotes ?? [];
      return {
        data: {
          ...current.data,
          ...(change.status ? { status: change.status, handledBy: staffName } : {}),
          staffNotes: change.note ? [...notes, { at: now.toISOString(), staffName, text: change.note }].slice(-200) : notes,
        },
      };
    },
    { now },
  );
}
