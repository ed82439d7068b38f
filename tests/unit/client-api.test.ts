import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, apiUrl, isApiError, isSkippedRequest, SkippedRequestError } from '../../src/client/api';

type Call = { url: string; init: RequestInit };

/** A fetch that answers from a list of steps: a Response factory, an error to throw, or 'hang' (never answers). */
function fakeFetch(...steps: Array<(() => Response) | Error | 'hang'>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    const step = steps[Math.min(calls.length - 1, steps.length - 1)];
    if (step === 'hang') {
      return new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('This operation was aborted', 'AbortError')));
      });
    }
    if (step instanceof Error) throw step;
    return step();
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

const jsonResponse = (status: number, body: unknown) => () =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const reset = () => new TypeError('Failed to fetch');
const noWait = () => 0;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('API paths', () => {
  it.each([
    ['carts/abc/', '/api/carts/abc/'],
    ['carts/abc', '/api/carts/abc/'],
    ['/api/carts/abc/', '/api/carts/abc/'],
    ['app-state', '/api/app-state/'],
    ['products?page=2', '/api/products/?page=2'],
    ['', '/api/'],
  ])('sends %s to %s', async (path, url) => {
    expect(apiUrl(path)).toBe(url);
    const { fetch, calls } = fakeFetch(jsonResponse(200, { data: 1 }));
    await apiFetch(path, { fetch });
    expect(calls[0].url).toBe(url);
  });

  it.each(['carts/undefined/', 'orders/undefined', 'products?id=undefined'])('skips %s without calling fetch', async (path) => {
    const { fetch } = fakeFetch(jsonResponse(200, { data: 1 }));
    const error = await apiFetch(path, { fetch }).catch((e: unknown) => e);
    expect(fetch).not.toHaveBeenCalled();
    expect(error).toBeInstanceOf(SkippedRequestError);
    expect(isSkippedRequest(error)).toBe(true);
    expect(isApiError(error)).toBe(true);
  });

  it('does not mistake other errors for skipped requests', () => {
    expect(isSkippedRequest(new ApiError(400, 'Bad Request'))).toBe(false);
  });
});

describe('methods, bodies and authorization', () => {
  it('uses GET without a body', async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(200, { data: {} }));
    await apiFetch('app-state/', { fetch });
    expect(calls[0].init.method).toBe('GET');
    expect(calls[0].init.body).toBeUndefined();
  });

  it('turns a request with a body into a JSON POST', async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(201, { data: { cartId: 'c1' } }));
    const result = await apiFetch<{ cartId: string }>('carts/', { fetch, body: { items: {} } });
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.body).toBe('{"items":{}}');
    expect((calls[0].init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(result).toMatchObject({ data: { cartId: 'c1' }, status: 201 });
  });

  it('keeps an explicitly given method with a body', async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(200, { data: {} }));
    await apiFetch('carts/c1/', { fetch, method: 'put', body: { notes: 'x' }, ifMatch: '"v3"' });
    expect(calls[0].init.method).toBe('PUT');
    expect((calls[0].init.headers as Record<string, string>)['if-match']).toBe('"v3"');
  });

  it('form-encodes form data and posts it', async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(200, { data: {} }));
    await apiFetch('form-data/', { fetch, form: { name: 'Jan de Vries', email: 'jan@example.nl' } });
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.body).toBe('name=Jan+de+Vries&email=jan%40example.nl');
    expect((calls[0].init.headers as Record<string, string>)['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
  });

  it('sends a bearer token', async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(200, { data: {} }));
    await apiFetch('carts/c1/', { fetch, token: 'abc.def.ghi' });
    expect((calls[0].init.headers as Record<string, string>).authorization).toBe('Bearer abc.def.ghi');
  });

  it('sends basic credentials, UTF-8 encoded', async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(200, { data: {} }));
    await apiFetch('shop/export/', { fetch, basic: { user: 'beheer', password: 'geheim€' } });
    const header = (calls[0].init.headers as Record<string, string>).authorization;
    expect(header).toBe(`Basic ${Buffer.from('beheer:geheim€', 'utf8').toString('base64')}`);
  });

  it('sends no authorization header without a token or credentials', async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(200, { data: {} }));
    await apiFetch('products/', { fetch, token: null });
    expect(calls[0].init.headers).not.toHaveProperty('authorization');
  });

  it('passes keepalive on', async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(200, { data: {} }));
    await apiFetch('logger/', { fetch, body: [], keepalive: true });
    expect(calls[0].init.keepalive).toBe(true);
  });

  it('answers with the data, status and headers of a success', async () => {
    const { fetch } = fakeFetch(() => new Response('{"data":{"a":1}}', { status: 200, headers: { etag: '"v2"' } }));
    const result = await apiFetch('carts/c1/', { fetch });
    expect(result.data).toEqual({ a: 1 });
    expect(result.headers.get('etag')).toBe('"v2"');
  });

  it('answers an empty success body with undefined data', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    expect((await apiFetch('newsletter-subscribers/', { fetch, method: 'DELETE' })).data).toBeUndefined();
  });
});

describe('errors (SPEC §8)', () => {
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
    [418, "I'm a Teapot"],
    [499, 'Client Error'],
    [599, 'Server Error'],
  ])('throws status %i without a body message as code %i "%s"', async (status, text) => {
    const { fetch } = fakeFetch(() => new Response(null, { status }));
    const error = await apiFetch('products/', { fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: status, message: text });
  });

  it('uses the message of the body and lists the per-item errorMessage values', async () => {
    const { fetch } = fakeFetch(
      jsonResponse(422, {
        failed: true,
        message: 'Niet alle gegevens zijn juist ingevuld.',
        errors: [{ field: 'postalCode', errorMessage: 'Vul een geldige postcode in.' }],
      }),
    );
    const error = (await apiFetch('carts/address/', { fetch, body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe(422);
    expect(error.summary).toBe('Niet alle gegevens zijn juist ingevuld.');
    expect(error.message).toBe('Niet alle gegevens zijn juist ingevuld.\nVul een geldige postcode in.');
    expect(error.messagesFor('postalCode')).toEqual(['Vul een geldige postcode in.']);
  });

  it('reads `error` when there is no `message`', async () => {
    const { fetch } = fakeFetch(jsonResponse(404, { error: 'Winkelwagen niet gevonden' }));
    await expect(apiFetch('carts/x/', { fetch })).rejects.toMatchObject({ code: 404, message: 'Winkelwagen niet gevonden' });
  });

  it('gives a failed flag without a message the default text', async () => {
    const { fetch } = fakeFetch(jsonResponse(400, { failed: true }));
    await expect(apiFetch('carts/', { fetch, body: {} })).rejects.toMatchObject({ code: 400, message: 'Internal Server Error' });
  });

  it('throws an unreadable (non-JSON) error body as the status text', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>oops</html>', { status: 502 }));
    await expect(apiFetch('products/', { fetch, retries: 0 })).rejects.toMatchObject({ code: 502, message: 'Bad Gateway' });
  });

  it('gives errors without a status code 500', async () => {
    const { fetch } = fakeFetch(new Error('Something odd'));
    await expect(apiFetch('products/', { fetch })).rejects.toMatchObject({ code: 500, message: 'Something odd' });
  });
});

describe('time-out', () => {
  it('gives up after exactly 10 seconds with 504 Gateway Timeout', async () => {
    const { fetch } = fakeFetch('hang');
    let settled: unknown = 'pending';
    apiFetch('products/', { fetch }).then(
      () => (settled = 'resolved'),
      (e: unknown) => (settled = e),
    );
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(ApiError);
    expect(settled).toMatchObject({ code: 504, message: 'Gateway Timeout' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('takes a shorter time-out when asked', async () => {
    const { fetch } = fakeFetch('hang');
    const result = apiFetch('products/', { fetch, timeoutMs: 500 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    expect(await result).toMatchObject({ code: 504 });
  });

  it('does not retry a request the caller aborted', async () => {
    const { fetch } = fakeFetch('hang');
    const controller = new AbortController();
    const result = apiFetch('products/', { fetch, signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await result;
    expect(isApiError(error)).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('retries', () => {
  it('retries a connection reset up to 3 times, then throws with code 500', async () => {
    const { fetch } = fakeFetch(reset());
    const error = await apiFetch('products/', { fetch, retryDelayMs: noWait }).catch((e: unknown) => e);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(error).toMatchObject({ code: 500, message: 'Failed to fetch' });
  });

  it('succeeds when a retry after a reset gets through', async () => {
    const { fetch } = fakeFetch(reset(), reset(), jsonResponse(200, { data: 'ok' }));
    expect((await apiFetch('products/', { fetch, retryDelayMs: noWait })).data).toBe('ok');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it.each([504, 520, 522, 524])('retries status %i up to 3 times, then throws it', async (status) => {
    const { fetch } = fakeFetch(() => new Response(null, { status }));
    const error = await apiFetch('products/', { fetch, retryDelayMs: noWait }).catch((e: unknown) => e);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(error).toMatchObject({ code: status });
  });

  it.each([400, 401, 403, 404, 409, 422, 429, 500, 502, 503])('never retries status %i', async (status) => {
    const { fetch } = fakeFetch(() => new Response(null, { status }));
    await expect(apiFetch('products/', { fetch, retryDelayMs: noWait })).rejects.toMatchObject({ code: status });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('waits 250 ms times the attempt number between retries by default', async () => {
    const { fetch } = fakeFetch(
      () => new Response(null, { status: 504 }),
      () => new Response(null, { status: 504 }),
      jsonResponse(200, { data: 1 }),
    );
    const result = apiFetch('products/', { fetch });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(249);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(499);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect((await result).data).toBe(1);
  });

  it('honours a smaller retry count', async () => {
    const { fetch } = fakeFetch(reset());
    await expect(apiFetch('products/', { fetch, retries: 1, retryDelayMs: noWait })).rejects.toMatchObject({ code: 500 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
