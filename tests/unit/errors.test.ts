import { describe, expect, it } from 'vitest';
import { ApiError, errorBody } from '../../src/domain/errors';
import { errorFromResponse, statusText, timeoutError, toApiError } from '../../src/domain/error-catalogue';

describe('status texts (SPEC §8)', () => {
  it.each([
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [402, 'Payment Required'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [405, 'Method Not Allowed'],
    [408, 'Request Timeout'],
    [409, 'Conflict'],
    [410, 'Gone'],
    [413, 'Payload Too Large'],
    [415, 'Unsupported Media Type'],
    [422, 'Unprocessable Entity'],
    [429, 'Too Many Requests'],
    [500, 'Internal Server Error'],
    [501, 'Not Implemented'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
    [504, 'Gateway Timeout'],
    [451, 'Unavailable For Legal Reasons'],
    [511, 'Network Authentication Required'],
  ])('maps %i to "%s"', (status, text) => {
    expect(statusText(status)).toBe(text);
  });

  it.each([
    [499, 'Client Error'],
    [420, 'Client Error'],
    [520, 'Server Error'],
    [599, 'Server Error'],
    [302, 'Unknown Error'],
  ])('gives other codes (%i) a generic text "%s"', (status, text) => {
    expect(statusText(status)).toBe(text);
  });
});

describe('error from an answer', () => {
  it.each([
    [200, { data: { cartId: 'x' } }],
    [201, { cartId: 'x' }],
    [204, null],
    [200, { failed: true, message: 'ignored: a failed flag only counts with a non-200 status' }],
  ])('a %i answer without a failed error is a success', (status, body) => {
    expect(errorFromResponse(status, body)).toBeNull();
  });

  it('a failed body gives its message plus the per-item errorMessage values', () => {
    const error = errorFromResponse(422, {
      failed: true,
      message: 'Controleer je gegevens',
      errors: [
        { field: 'emailAddress', errorMessage: 'Vul een geldig e-mailadres in.' },
        { field: 'phoneNumber', errorMessage: 'Vul een geldig telefoonnummer in.' },
      ],
    })!;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(422);
    expect(error.summary).toBe('Controleer je gegevens');
    expect(error.message).toBe('Controleer je gegevens\nVul een geldig e-mailadres in.\nVul een geldig telefoonnummer in.');
    expect(error.messagesFor('emailAddress')).toEqual(['Vul een geldig e-mailadres in.']);
  });

  it('names a text only once when a field repeats the message', () => {
    const error = errorFromResponse(422, { failed: true, message: 'Te veel', errors: [{ field: 'qty', errorMessage: 'Te veel' }] })!;
    expect(error.message).toBe('Te veel');
  });

  it('a failed body without a message defaults to Internal Server Error', () => {
    const error = errorFromResponse(500, { failed: true })!;
    expect(error.message).toBe('Internal Server Error');
    expect(error.code).toBe(500);
  });

  it('a failed body with a non-error status other than 200 still fails, with code 500', () => {
    const error = errorFromResponse(201, { failed: true, message: 'Niet opgeslagen' })!;
    expect(error.code).toBe(500);
    expect(error.message).toBe('Niet opgeslagen');
  });

  it.each([
    [404, undefined, 'Not Found'],
    [403, {}, 'Forbidden'],
    [429, { message: '' }, 'Too Many Requests'],
    [502, 'not json', 'Bad Gateway'],
    [409, { error: 'Winkelwagen is gewijzigd' }, 'Winkelwagen is gewijzigd'],
    [400, { message: 'Ongeldige invoer' }, 'Ongeldige invoer'],
  ])('an error status %i with body %j gives "%s"', (status, body, message) => {
    const error = errorFromResponse(status, body)!;
    expect(error.code).toBe(status);
    expect(error.message).toBe(message);
  });

  it('a time-out becomes 504 Gateway Timeout', () => {
    expect(timeoutError()).toMatchObject({ code: 504, message: 'Gateway Timeout' });
    expect(toApiError(new DOMException('signal timed out', 'TimeoutError'))).toMatchObject({ code: 504 });
  });
});

describe('thrown errors carry a code', () => {
  it.each([
    [new ApiError(401, 'Unauthorized'), 401, 'Unauthorized'],
    [Object.assign(new Error('Kapot'), { status: 503 }), 503, 'Kapot'],
    [{ code: 404 }, 404, 'Not Found'],
    [new Error('boom'), 500, 'boom'],
    [Object.assign(new Error('socket'), { code: 'ECONNRESET' }), 500, 'socket'],
    ['a string', 500, 'Internal Server Error'],
    [undefined, 500, 'Internal Server Error'],
  ])('%o → %i', (thrown, code, message) => {
    const error = toApiError(thrown);
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
  });
});

describe('error body of the server', () => {
  it('has the failed flag, the message and the field errors', () => {
    expect(errorBody('Niet gevonden')).toEqual({ failed: true, message: 'Niet gevonden', errors: [] });
    const errors = [{ field: 'items.12.qty', errorMessage: 'Je kunt maximaal 10 stuks van dit artikel bestellen.' }];
    expect(errorBody('Controleer je winkelwagen', errors)).toEqual({ failed: true, message: 'Controleer je winkelwagen', errors });
  });

  it('round-trips through errorFromResponse', () => {
    const body = errorBody('Controleer je winkelwagen', [{ field: 'items', errorMessage: 'Je winkelwagen is leeg.' }]);
    const error = errorFromResponse(422, JSON.parse(JSON.stringify(body)))!;
    expect(error.errors).toEqual(body.errors);
  });
});
