// An API error that tells the client when to try again: its answer carries the status and a Retry-After header.
// Quotas and login throttles throw it (quotas.ts's QuotaExceededError is one); reply.ts turns it into the answer
// without knowing who threw it.
import { ApiError, type FieldError } from '../../domain/errors.ts';

export class RetryLaterError extends ApiError {
  readonly retryAfterSeconds: number;
  constructor(code: number, message: string, retryAfterSeconds: number, errors: FieldError[] = []) {
    super(code, message, errors);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
