// Staff account rules (src/domain/staff.ts) and password hashing (src/server/staff/password.ts).
import { describe, expect, it } from 'vitest';
import { isStaffRole, staffAccountProblems, staffEmailKey, staffPasswordProblem } from '../../src/domain/staff.ts';
import { hashPassword, verifyPassword } from '../../src/server/staff/password.ts';

const STORES = new Set(['keukens-cruquius', 'keukens-den-haag']);

describe('staff rules', () => {
  it.each([
    ['elf-tekens!', 'Kies een wachtwoord van minstens 12 tekens.'],
    ['aaaaaaaaaaaaaaaa', 'Kies een wachtwoord met meer verschillende tekens.'],
    ['abababababab', 'Kies een wachtwoord met meer verschillende tekens.'],
    [`${'x'.repeat(250)}abcdefg`, 'Kies een wachtwoord van hoogstens 256 tekens.'],
    ['keukens-verkopen', null],
    // Twelve characters counted as a person sees them: 12 emoji are 24 UTF-16 units but 12 characters.
    ['🍳🥄🔪🧂🍳🥄🔪🧂🍳🥄🔪🧂', null],
    ['🍳🥄🔪🧂🍳🥄', 'Kies een wachtwoord van minstens 12 tekens.'],
  ])('password %j → %j', (password, problem) => {
    expect(staffPasswordProblem(password)).toBe(problem);
  });

  it('finds an account by its address in lower case, without spaces around it', () => {
    expect(staffEmailKey('  Anna.DeVries@Keukenhuys.NL ')).toBe('anna.devries@keukenhuys.nl');
  });

  it('knows the two roles only', () => {
    expect(['employee', 'admin', 'guest', 'Admin', null].map(isStaffRole)).toEqual([true, true, false, false, false]);
  });

  it('names every wrong field of a new account in Dutch', () => {
    expect(staffAccountProblems({ email: 'anna@keukenhuys.nl', name: 'Anna', role: 'admin', storeId: 'keukens-cruquius' }, STORES)).toEqual(
      [],
    );
    expect(staffAccountProblems({ email: 'anna@', name: ' ', role: 'baas' as 'admin', storeId: 'amsterdam' }, STORES)).toEqual([
      { field: 'email', message: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@keukenhuys.nl.' },
      { field: 'name', message: 'Vul een naam in.' },
      { field: 'role', message: 'Kies een rol: employee of admin.' },
      { field: 'store', message: 'Kies een winkel: keukens-cruquius, keukens-den-haag.' },
    ]);
  });
});

describe('password hashing (scrypt)', () => {
  it('stores scrypt with its cost, a salt and the key, never the password; the same password twice gets two salts', async () => {
    const password = 'keukens-verkopen-2026';
    const [a, b] = await Promise.all([hashPassword(password), hashPassword(password)]);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toContain(password);
    expect(a).not.toBe(b);
    expect(await verifyPassword(password, a)).toBe(true);
    expect(await verifyPassword(password, b)).toBe(true);
  });

  it('refuses a wrong password, one character off, and a malformed or too cheap hash', async () => {
    const stored = await hashPassword('keukens-verkopen-2026');
    expect(await verifyPassword('keukens-verkopen-2027', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
    expect(await verifyPassword('keukens-verkopen-2026', 'keukens-verkopen-2026')).toBe(false);
    // The same salt and key with N = 2^10: parameters an attacker could write into the table to make guessing cheap.
    expect(await verifyPassword('keukens-verkopen-2026', stored.replace('$32768$', '$1024$'))).toBe(false);
  });

  it('treats the composed and decomposed forms of é as the same password (NFC)', async () => {
    const stored = await hashPassword('crème-brûlée-keuken');
    expect(await verifyPassword('cre\u0300me-bru\u0302le\u0301e-keuken', stored)).toBe(true);
  });
});
