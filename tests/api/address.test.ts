// POST /api/carts/address/: Dutch and Belgian addresses from the register, manual entry for unknown ones, 422 for
// malformed ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAddressRegister } from '../../src/server/cart/address-register.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const lookUp = (body: unknown) => server.call('POST', '/api/carts/address/', { body });

describe('address look-up', () => {
  it('has a valid register with the stores and a few dozen streets in both countries', () => {
    const register = loadAddressRegister(new URL('../../content/settings/address-register.yaml', import.meta.url).pathname);
    const entries = [...register.values()].flat();
    expect(entries.length).toBeGreaterThanOrEqual(40);
    expect(entries.some((e) => e.country === 'BE')).toBe(true);
    expect(register.has('NL:2381 AD')).toBe(true);
  });

  it('finds a Dutch address, normalising postal code and addition', async () => {
    const reply = await lookUp({ country: 'NL', postalCode: '2381ad', houseNumber: '147', houseNumberAddition: '-b' });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      street: 'Rijndijk',
      city: 'Zoeterwoude',
      postalCode: '2381 AD',
      houseNumber: '147',
      houseNumberAddition: 'b',
      country: 'NL',
      manualEntry: false,
    });
  });

  it('splits a house number typed with its addition', async () => {
    const reply = await lookUp({ country: 'NL', postalCode: '2381 LW', houseNumber: '22a' });
    expect(reply.body.data).toMatchObject({ street: 'Hogeweg', houseNumber: '22', houseNumberAddition: 'a', manualEntry: false });
  });

  it('finds a Belgian address', async () => {
    const reply = await lookUp({ country: 'BE', postalCode: '9000', houseNumber: 12 });
    expect(reply.body.data).toMatchObject({ street: 'Veldstraat', city: 'Gent', postalCode: '9000', manualEntry: false });
  });

  it('tells the client to switch to manual entry for a well-formed unknown address', async () => {
    for (const body of [
      { country: 'NL', postalCode: '1234 AB', houseNumber: '1' },
      // In the register, but on the other side of the street.
      { country: 'NL', postalCode: '2381 AD', houseNumber: '148' },
    ]) {
      const reply = await lookUp(body);
      expect(reply.status).toBe(200);
      expect(reply.body.data.manualEntry).toBe(true);
      expect(reply.body.data.message).toBe('We kunnen dit adres niet automatisch vinden. Vul je straat en plaats zelf in.');
    }
  });

  it.each([
    [{ country: 'NL', postalCode: '123 AB', houseNumber: '1' }, 'postalCode'],
    [{ country: 'NL', postalCode: '1234 SS', houseNumber: '1' }, 'postalCode'],
    [{ country: 'BE', postalCode: '2311 EK', houseNumber: '1' }, 'postalCode'],
    [{ country: 'BE', postalCode: '0999', houseNumber: '1' }, 'postalCode'],
    [{ country: 'NL', postalCode: '2381 AD', houseNumber: '0' }, 'houseNumber'],
    [{ country: 'NL', postalCode: '2381 AD', houseNumber: '' }, 'houseNumber'],
    [{ country: 'NL', postalCode: '2381 AD', houseNumber: '1', houseNumberAddition: 'abcdefghij' }, 'houseNumberAddition'],
    [{ country: 'DE', postalCode: '10115', houseNumber: '1' }, 'country'],
    [{ postalCode: '2381 AD', houseNumber: '1' }, 'country'],
    [{ country: 'NL', postalCode: 2381, houseNumber: '1' }, 'postalCode'],
  ])('refuses %j with 422 naming %s', async (body, field) => {
    const reply = await lookUp(body);
    expect(reply.status).toBe(422);
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});
