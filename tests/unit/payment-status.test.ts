// The rules that keep an order's payment from moving backwards (issue 14), and the amount conversions the provider
// adapters use. Expected values worked out by hand.
import { describe, expect, it } from 'vitest';
import {
  centsOfDecimal,
  decimalAmount,
  mayPayAgain,
  nextAttemptStatus,
  orderStatusOfAttempts,
  refundableAmount,
} from '../../src/domain/payment-status.ts';
import { buckarooAuthorization, buckarooStatus } from '../../src/server/payments/buckaroo.ts';
import { providersFromEnv } from '../../src/server/payments/registry.ts';

describe('an attempt only moves forward', () => {
  it.each([
    ['open', 'pending', 'pending'],
    ['open', 'paid', 'paid'],
    ['pending', 'open', 'pending'],
    ['authorized', 'pending', 'authorized'],
    ['authorized', 'paid', 'paid'],
    ['paid', 'open', 'paid'],
    ['paid', 'failed', 'paid'],
    ['canceled', 'paid', 'canceled'],
    ['expired', 'open', 'expired'],
    ['open', 'expired', 'expired'],
    ['pending', 'failed', 'failed'],
  ] as const)('%s, then %s reported: %s', (current, reported, expected) => {
    expect(nextAttemptStatus(current, reported)).toBe(expected);
  });
});

describe("the order's status from its attempts", () => {
  it('is paid when any attempt is paid, whatever the newest says', () => {
    expect(
      orderStatusOfAttempts([
        { status: 'paid', createdAt: '2026-11-23T09:00:00Z' },
        { status: 'canceled', createdAt: '2026-11-23T10:00:00Z' },
      ]),
    ).toBe('paid');
  });
  it("is otherwise the newest attempt's, in the order's words", () => {
    expect(
      orderStatusOfAttempts([
        { status: 'expired', createdAt: '2026-11-23T09:00:00Z' },
        { status: 'canceled', createdAt: '2026-11-23T10:00:00Z' },
      ]),
    ).toBe('cancelled');
    expect(
      orderStatusOfAttempts([
        { status: 'authorized', createdAt: '2026-11-23T09:00:00Z' },
        { status: 'open', createdAt: '2026-11-23T10:00:00Z' },
      ]),
    ).toBe('authorized');
    expect(orderStatusOfAttempts([])).toBeNull();
  });
  it('allows a new attempt only when none is paid, authorized or being processed', () => {
    expect(
      mayPayAgain([
        { status: 'canceled', createdAt: 'a' },
        { status: 'expired', createdAt: 'b' },
      ]),
    ).toBe(true);
    expect(mayPayAgain([{ status: 'pending', createdAt: 'a' }])).toBe(false);
    expect(
      mayPayAgain([
        { status: 'failed', createdAt: 'a' },
        { status: 'paid', createdAt: 'b' },
      ]),
    ).toBe(false);
  });
});

describe('amounts', () => {
  it('writes cents as providers do', () => {
    expect(decimalAmount(129900)).toBe('1299.00');
    expect(decimalAmount(995)).toBe('9.95');
    expect(decimalAmount(5)).toBe('0.05');
    expect(decimalAmount(0)).toBe('0.00');
    expect(() => decimalAmount(-1)).toThrow(RangeError);
    expect(() => decimalAmount(1.5)).toThrow(RangeError);
  });
  it('reads them back', () => {
    expect(centsOfDecimal('1299.00')).toBe(129900);
    expect(centsOfDecimal('9.5')).toBe(950);
    expect(centsOfDecimal(12.34)).toBe(1234);
    expect(centsOfDecimal(7)).toBe(700);
    expect(centsOfDecimal('1.234')).toBeNull();
    expect(centsOfDecimal('-1.00')).toBeNull();
    expect(centsOfDecimal('1e3')).toBeNull();
  });
  it('refunds at most what was paid, minus refunds that did not fail', () => {
    const paid = { status: 'paid' as const, amount: 129900 };
    expect(refundableAmount(paid, [])).toBe(129900);
    expect(
      refundableAmount(paid, [
        { amount: 10000, status: 'refunded' },
        { amount: 5000, status: 'failed' },
        { amount: 2500, status: 'pending' },
      ]),
    ).toBe(117400);
    expect(refundableAmount({ status: 'open', amount: 129900 }, [])).toBe(0);
  });
});

describe('Buckaroo', () => {
  it('maps its status codes', () => {
    expect(buckarooStatus(190)).toBe('paid');
    expect(buckarooStatus(490)).toBe('failed');
    expect(buckarooStatus(690)).toBe('failed');
    expect(buckarooStatus(791)).toBe('pending');
    expect(buckarooStatus(792)).toBe('open');
    expect(buckarooStatus(890)).toBe('canceled');
    expect(buckarooStatus(123)).toBeNull();
  });
  it('signs a request as its documentation describes', () => {
    // websiteKey "ABC", secret "s3cret", POST to testcheckout.buckaroo.nl/json/Transaction with body {"a":1}, nonce
    // "n1", time 1700000000: md5('{"a":1}') base64 is "u2y1xo30ZSlByvZSo2by2A==" (checked with `printf '{"a":1}' |
    // openssl md5 -binary | base64`), and the signed text is
    // ABC + POST + "testcheckout.buckaroo.nl%2fjson%2ftransaction" + 1700000000 + n1 + that hash.
    const header = buckarooAuthorization(
      { websiteKey: 'ABC', secretKey: 's3cret' },
      'POST',
      'https://testcheckout.buckaroo.nl/json/Transaction',
      '{"a":1}',
      'n1',
      1700000000,
    );
    const [scheme, rest] = header.split(' ');
    expect(scheme).toBe('hmac');
    const [key, signature, nonce, time] = rest!.split(':');
    expect([key, nonce, time]).toEqual(['ABC', 'n1', '1700000000']);
    expect(signature).toBe(EXPECTED_SIGNATURE);
  });
});

// printf 'ABCPOSTtestcheckout.buckaroo.nl%%2fjson%%2ftransaction1700000000n1u2y1xo30ZSlByvZSo2by2A==' |
//   openssl dgst -sha256 -hmac s3cret -binary | base64
const EXPECTED_SIGNATURE = 'ld4QcrrlU5xnNN3zasJQtrw0bbb3XWmaBum4YTm+aZI=';

describe('provider keys from the environment', () => {
  it('takes test keys, and none at all', () => {
    expect([...providersFromEnv({}).keys()]).toEqual([]);
    const providers = providersFromEnv({
      MOLLIE_API_KEY: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM',
      BUCKAROO_WEBSITE_KEY: 'ABCDEF1234',
      BUCKAROO_SECRET_KEY: 'secret',
    });
    expect([...providers.values()].map((p) => `${p.key}:${p.mode}`)).toEqual(['mollie:test', 'buckaroo:test']);
  });
  it('refuses live keys outside production, and takes them in production', () => {
    expect(() => providersFromEnv({ MOLLIE_API_KEY: 'live_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM' })).toThrow(/live key/);
    expect(() =>
      providersFromEnv({ BUCKAROO_WEBSITE_KEY: 'A', BUCKAROO_SECRET_KEY: 'B', BUCKAROO_MODE: 'live', NODE_ENV: 'test' }),
    ).toThrow(/BUCKAROO_MODE=live is refused/);
    const live = providersFromEnv({ MOLLIE_API_KEY: 'live_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM', NODE_ENV: 'production' });
    expect(live.get('mollie')?.mode).toBe('live');
  });
  it('refuses to run in production without certificate checks', () => {
    expect(() => providersFromEnv({ NODE_ENV: 'production', NODE_TLS_REJECT_UNAUTHORIZED: '0' })).toThrow(
      'NODE_TLS_REJECT_UNAUTHORIZED=0 is refused',
    );
  });
  it('names a malformed or half configuration', () => {
    expect(() => providersFromEnv({ MOLLIE_API_KEY: 'sk_123' })).toThrow('MOLLIE_API_KEY must be a Mollie API key');
    expect(() => providersFromEnv({ BUCKAROO_WEBSITE_KEY: 'A' })).toThrow('Buckaroo needs both');
    expect(() => providersFromEnv({ MOLLIE_API_KEY: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM', MOLLIE_API_ENDPOINT: 'ftp://x' })).toThrow(
      'MOLLIE_API_ENDPOINT must be an http(s) address',
    );
  });
});
