// Service requests (/service-melding/): one multipart request carries the fields and up to five photos or PDFs, which
// go straight into the upload store. A request that passes the checks is stored under its reference (SM-2026-…) with
// status 'new' and its files tied to it, and the "service request received" e-mail is queued in the same
// transaction. One that does not comes back with every problem in Dutch: the form's script shows them (JSON), a form
// sent without JavaScript is shown again from a short-lived draft that keeps what was typed and the files that were
// fine (src/pages/service-melding/concept/[draftId].astro). The receipt page is reached by a signed link, so the
// sender needs no token to see it.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { amsterdamTime } from '../../domain/amsterdam-calendar.ts';
import { ApiError, type FieldError } from '../../domain/errors.ts';
import {
  checkServiceRequest,
  SERVICE_FIELD_MAX,
  SERVICE_FIELDS,
  SERVICE_REFERENCE_PATTERN,
  serviceReference,
  serviceRequestFrom,
  type ServiceRequestInput,
} from '../../domain/service-request.ts';
import { normalizeOrderNumber } from '../../domain/kitchen-order.ts';
import { UPLOAD_LIMITS } from '../../domain/uploads.ts';
import { newSubject, signValue, verifySignedValue } from '../http/tokens.ts';
import { getCatalog } from '../content/catalog.ts';
import type { ApiRequest } from '../http/context.ts';
import { logger } from '../runtime/log.ts';
import { mailFor } from '../mail/queue.ts';
import { serviceRequestReceived } from '../mail/templates/service-request-received.ts';
import { checkQuota } from '../http/quotas.ts';
import { getStorage } from '../storage/index.ts';
import { DuplicateError } from '../storage/types.ts';
import type { CaseStatus } from './cases.ts';
import { readMultipart } from '../uploads/multipart.ts';
import { attachUploads, discardUploads, getUpload, type UploadRecord } from '../uploads/store.ts';

type ServiceRequestFile = { fileId: string; fileName: string; contentType: string; size: number };

/** What is stored under the reference. */
export type ServiceRequest = ServiceRequestInput & {
  reference: string;
  status: CaseStatus;
  /** The product as the shop knows it: the catalogue's brand and name when one was picked, else what was typed. */
  product: { productId: number | null; brand: string; name: string };
  files: ServiceRequestFile[];
  /** The typed order number in its printed form when it is a kitchen order's (KO-2026-00123): how "Mijn keuken"
   *  finds the request (service-requests-by-order.ts). Absent on requests stored before issue 23. */
  kitchenOrderNumber?: string | null;
  createdAt: string;
};

/** A form sent without JavaScript that had problems: what to show again, for DRAFT_MINUTES. */
export type ServiceDraft = {
  kind: 'service-draft';
  values: ServiceRequestInput;
  message: string;
  errors: FieldError[];
  files: ServiceRequestFile[];
};

const DRAFT_MINUTES = 30;
const ID = /^[A-Za-z0-9_-]{22}$/;
const NO_NUL = (value: string) => !value.includes('\u0000');

/** The shape of the fields (every value a string within its length, no NUL); the rules come after. */
const fieldsSchema = z.object({
  ...(Object.fromEntries(
    SERVICE_FIELDS.map((field) => [
      field,
      z
        .string()
        .max(SERVICE_FIELD_MAX[field] * 4)
        .refine(NO_NUL, 'Deze tekst bevat een ongeldig teken.')
        .optional(),
    ]),
  ) as Record<(typeof SERVICE_FIELDS)[number], z.ZodOptional<z.ZodString>>),
  draft: z.string().regex(ID).optional(),
  keep: z.array(z.string().regex(ID)).max(UPLOAD_LIMITS.files).default([]),
});

function receiptPath(reference: string): string {
  return `/service-melding/ontvangen/${reference}/?t=${signValue('service-receipt', reference)}`;
}

export function receiptSignatureValid(reference: string, signature: string | null): boolean {
  return SERVICE_REFERENCE_PATTERN.test(reference) && verifySignedValue('service-receipt', reference, signature);
}

export async function getServiceRequest(reference: string, at: Date): Promise<ServiceRequest | null> {
  if (!SERVICE_REFERENCE_PATTERN.test(reference)) return null;
  return (await getStorage().get<ServiceRequest>('serviceRequests', reference, at))?.data ?? null;
}

export async function getServiceDraft(draftId: string, at: Date): Promise<ServiceDraft | null> {
  if (!ID.test(draftId)) return null;
  const doc = await getStorage().get<ServiceDraft>('formData', draftId, at);
  return doc?.data.kind === 'service-draft' ? doc.data : null;
}

const describe = (record: UploadRecord): ServiceRequestFile => ({
  fileId: record.fileId,
  fileName: record.fileName,
  contentType: record.contentType,
  size: record.size,
});

export type Submission =
  | { ok: true; reference: string; receipt: string }
  | { ok: false; status: number; message: string; errors: FieldError[]; values: ServiceRequestInput; files: ServiceRequestFile[] };

/** The fields of a multipart body as the schema reads them: one value each, `keep` as a list. */
function fieldValues(fields: Record<string, string[]>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, list] of Object.entries(fields)) values[name] = name === 'keep' ? list : list[0];
  return values;
}

function problem(error: ApiError): { status: number; message: string; errors: FieldError[] } {
  return {
    status: error.code,
    message: error.summary,
    errors: error.errors.length > 0 ? error.errors : [{ field: '', errorMessage: error.summary }],
  };
}

/** Files the sender kept from an earlier try (a draft's files, still unsent), or none. */
async function keptFiles(draftId: string | undefined, keep: readonly string[], at: Date): Promise<UploadRecord[]> {
  if (!draftId || keep.length === 0) return [];
  const draft = await getServiceDraft(draftId, at);
  if (!draft) return [];
  const allowed = new Set(draft.files.map((f) => f.fileId));
  const kept: UploadRecord[] = [];
  for (const fileId of new Set(keep)) {
    if (!allowed.has(fileId)) continue;
    const record = await getUpload(fileId, at);
    if (record && !record.deleted && record.attachedTo === null) kept.push(record);
  }
  return kept;
}

/**
 * Reads and checks a service request; stores it (and queues its e-mail) when it is right. New files of a refused
 * request are kept for the caller to discard (JSON) or to offer again from a draft (a form without JavaScript).
 */
export async function submitServiceRequest(
  request: ApiRequest,
  at: Date,
): Promise<Submission & { newFiles: UploadRecord[]; owner: string }> {
  // The sender's token when the form's script sent one; a form without JavaScript has none, and its files get an
  // owner of their own (staff can read them; the sender sees their names on the receipt).
  const owner = request.auth?.sub ?? newSubject();
  const body = request.bodyStream;
  if (!body) throw new ApiError(400, 'Het formulier heeft geen inhoud.');
  const read = await readMultipart(body, request.headers.get('content-type'), { owner, at, stopOn: 'limits' });
  const newFiles = read.files;
  // A storage failure or an unexpected error is not the shopper's: 503 or 500, nothing kept.
  if (read.stoppedBy !== null && !(read.stoppedBy instanceof ApiError)) {
    await discardUploads(newFiles, at);
    throw read.stoppedBy;
  }
  const parsed = fieldsSchema.safeParse(fieldValues(read.fields));
  const shape = parsed.success ? parsed.data : { keep: [], draft: undefined };
  const values = serviceRequestFrom(parsed.success ? parsed.data : fieldValues(read.fields));
  const kept = await keptFiles(shape.draft, shape.keep, at);
  const files = [...kept, ...newFiles].map(describe);
  const fail = (status: number, message: string, errors: FieldError[]) => ({
    ok: false as const,
    status,
    message,
    errors,
    values,
    files,
    newFiles,
    owner,
  });

  if (read.stoppedBy instanceof ApiError) {
    const { status, message, errors } = problem(read.stoppedBy);
    // A crossed limit: the rest of the form was not read; what came before it is shown again.
    return fail(status, message, errors);
  }
  const errors: FieldError[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        field: String(issue.path[0] ?? ''),
        errorMessage: 'Deze tekst is te lang of bevat een ongeldig teken.',
      }));
  const productId = values.productId ? Number(values.productId) : null;
  const product = productId !== null ? getCatalog().summaries.get(productId) : undefined;
  errors.push(...checkServiceRequest(values, amsterdamTime(at).date, productId === null ? undefined : product !== undefined));
  for (const refused of read.refused) errors.push(...refused.errors);
  if (files.length > UPLOAD_LIMITS.files)
    errors.push({ field: 'files', errorMessage: `Je kunt maximaal ${UPLOAD_LIMITS.files} bestanden meesturen. Verwijder er een paar.` });
  if (errors.length > 0) return fail(422, 'Controleer je melding: niet alles is juist ingevuld.', errors);

  try {
    await checkQuota('forms', request);
    await checkQuota('uploads', request, newFiles.length);
  } catch (error) {
    if (error instanceof ApiError) return fail(error.code, error.summary, [{ field: '', errorMessage: error.summary }]);
    throw error;
  }
  const data: Omit<ServiceRequest, 'reference'> = {
    ...values,
    status: 'new',
    product: product
      ? { productId: product.productId, brand: product.brand, name: product.name }
      : { productId: null, brand: values.brand, name: values.model },
    files,
    kitchenOrderNumber: normalizeOrderNumber(values.orderNumber),
    createdAt: at.toISOString(),
  };
  const reference = await insertWithReference(owner, data, at);
  await attachUploads(
    files.map((f) => f.fileId),
    reference,
    at,
  );
  return { ok: true, reference, receipt: receiptPath(reference), newFiles, owner };
}

/** Inserts the request under a fresh reference (drawn again in the rare case it is taken), with its e-mail. */
async function insertWithReference(owner: string, data: Omit<ServiceRequest, 'reference'>, at: Date): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const reference = serviceReference(Number(amsterdamTime(at).date.slice(0, 4)), randomBytes(6));
    const stored: ServiceRequest = { ...data, reference };
    const mail = mailFor(serviceRequestReceived, data.emailAddress, {
      reference,
      name: data.name,
      product: [data.product.brand, data.product.name].filter(Boolean).join(' '),
      description: data.description,
      files: data.files,
      receiptPath: receiptPath(reference),
    });
    try {
      await getStorage().insert({ kind: 'serviceRequests', id: reference, owner, data: stored, expiresAt: null }, at, [mail]);
      logger.info({ reference, files: data.files.length }, 'service request received');
      return reference;
    } catch (error) {
      if (!(error instanceof DuplicateError) || attempt >= 4) throw error;
    }
  }
}

/** Keeps a refused form for the page that shows it again; its id goes into that page's address. */
export async function saveServiceDraft(submission: Extract<Submission, { ok: false }>, owner: string, at: Date): Promise<string> {
  const draftId = randomBytes(16).toString('base64url');
  const draft: ServiceDraft = {
    kind: 'service-draft',
    values: submission.values,
    message: submission.message,
    errors: submission.errors,
    files: submission.files.slice(0, UPLOAD_LIMITS.files),
  };
  const expiresAt = new Date(at.getTime() + DRAFT_MINUTES * 60_000).toISOString();
  await getStorage().insert({ kind: 'formData', id: draftId, owner, data: draft, expiresAt }, at);
  return draftId;
}
