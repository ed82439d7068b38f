// The relying party of a passkey ceremony (src/server/staff/passkeys.ts): the host the browser sent the request to,
// with the request's scheme, whatever stand-in host the server's own URL has.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/domain/errors.ts';
import { relyingPartyOf } from '../../src/server/staff/passkeys.ts';

const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });

describe('relyingPartyOf', () => {
  it('takes the Host header over the stand-in host of the direct API', () => {
    expect(relyingPartyOf(new URL('http://localhost/api/staff/passkeys/'), headers({ host: 'www.keukenhuys.nl' }))).toEqual({
      rpID: 'www.keukenhuys.nl',
      origin: 'http://www.keukenhuys.nl',
    });
  });

  it('keeps a port in the origin but not in the rpID, and https when the request came over TLS', () => {
    expect(relyingPartyOf(new URL('https://intern:8443/beheer/'), headers({ host: 'beheer.keukenhuys.nl:8443' }))).toEqual({
      rpID: 'beheer.keukenhuys.nl',
      origin: 'https://beheer.keukenhuys.nl:8443',
    });
  });

  it("uses the URL's host without a Host header, and refuses a host that is no host", () => {
    expect(relyingPartyOf(new URL('http://localhost:4321/beheer/'), headers({}))).toEqual({
      rpID: 'localhost',
      origin: 'http://localhost:4321',
    });
    expect(() => relyingPartyOf(new URL('http://localhost/'), headers({ host: 'a b' }))).toThrow(ApiError);
  });

  it('is always PASSKEY_ORIGIN when it is set, whatever Host the request names', () => {
    const env = { PASSKEY_ORIGIN: 'https://www.keukenhuys.nl' };
    expect(relyingPartyOf(new URL('http://localhost/api/'), headers({ host: 'evil.example' }), env)).toEqual({
      rpID: 'www.keukenhuys.nl',
      origin: 'https://www.keukenhuys.nl',
    });
  });
});
