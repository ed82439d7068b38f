// Turns zod's findings into the API's field errors (422), with Dutch texts a shopper can read.
import type { z } from 'zod';
import { ApiError, type FieldError } from '../../domain/errors.ts';

function messageOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Dit veld is verplicht.' : 'Dit veld heeft een ongeldig type.';
    case 'too_big':
      return issue.origin === 'string'
        ? 'Deze tekst is te lang.'
        : issue.origin === 'array'
          ? 'Dit zijn te veel waarden.'
          : 'Deze waarde is te groot.';
    case 'too_small':
      return issue.origin === 'string'
        ? 'Vul dit veld in.'
        : issue.origin === 'array'
          ? 'Dit zijn te weinig waarden.'
          : 'Deze waarde is te klein.';
    case 'invalid_value':
      return 'Kies een van de toegestane waarden.';
    case 'invalid_format':
      return 'Dit veld heeft een ongeldig formaat.';
    case 'unrecognized_keys':
      return 'Dit veld is onbekend.';
    case 'invalid_key':
      return 'Deze sleutel is ongeldig.';
    default:
      return issue.message || 'Deze waarde is ongeldig.';
  }
}

function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.slice(0, 50).map((issue) => {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys' && issue.keys.length > 0) path.push(issue.keys[0]!);
    return { field: path.join('.'), errorMessage: messageOf(issue) };
  });
}

/** Parses a value with a schema; 422 naming every wrong field otherwise. */
export function parseOr422<S extends z.ZodType>(
  schema: S,
  value: unknown,
  message = 'Niet alle gegevens zijn juist ingevuld.',
): z.infer<S> {
  // reportInput: zod 4 leaves `input` out of issues otherwise, and a wrong type would read as a missing field.
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw new ApiError(422, message, fieldErrors(result.error));
  return result.data;
}

/**
 * Parses a form of a few top-level fields whose schema carries its own Dutch messages (a login); 422 with `message` and
 * the first problem of each field otherwise.
 */
export function parseFormOr422<S extends z.ZodType>(schema: S, value: unknown, message: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: FieldError[] = [];
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!errors.some((e) => e.field === field)) errors.push({ field, errorMessage: issue.message });
  }
  throw new ApiError(422, message, errors);
}

/** A wait in whole minutes, in Dutch: '1 minuut', '15 minuten'. */
export function minutesText(seconds: number): string {
  const count = Math.ceil(seconds / 60);
  return count === 1 ? '1 minuut' : `${count} minuten`;
}
