// The form post of a case page (CaseForm.astro): status and note read and saved, the outcome for the page to show.
import { ApiError } from '../../domain/errors.ts';
import { now } from '../runtime/clock.ts';
import { readPageForm } from '../kitchen-orders/page-session.ts';
import { type CaseKind, isCaseStatus, updateCase } from '../forms/cases.ts';

export type CasePost = { saved: true } | { saved: false; status: number; message: string };

export async function saveCaseForm(kind: CaseKind, id: string, request: Request, staffName: string): Promise<CasePost> {
  const form = await readPageForm(request);
  if (!(form instanceof URLSearchParams)) return { saved: false, status: 400, message: 'Het formulier kon niet worden gelezen.' };
  const status = form.get('status');
  const note = form.get('note')?.trim().slice(0, 2000) || null;
  try {
    await updateCase(kind, id, { status: isCaseStatus(status) ? status : null, note }, staffName, now());
    return { saved: true };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { saved: false, status: error.code, message: error.summary };
  }
}
