// Staff passwords, hashed with scrypt (node:crypto; memory-hard, RFC 7914). The stored form carries its parameters and
// salt, `scrypt$N$r$p$salt$hash` (base64url), so the cost can be raised later without breaking stored hashes. Hashing
// runs on libuv's thread pool and never blocks the event loop; the password itself is never logged or stored.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** N = 2^15, r = 8, p = 1: 32 MiB and about 50–100 ms per hash on our machines (OWASP's minimum is 2^17 with r=8 p=1 at
 * 128 MiB; 2^15 keeps a burst of logins from taking the shop's memory). */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** Enough for the parameters we accept when reading a stored hash (N up to 2^17 with r = 8). */
const MAX_MEMORY = 256 * 1024 * 1024;
const STORED = /^scrypt\$(\d{1,7})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9_-]{16,64})\$([A-Za-z0-9_-]{32,128})$/;

function derive(password: string, salt: Buffer, keyBytes: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyBytes, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches the stored hash; false for a malformed hash or parameters outside what we accept. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = STORED.exec(stored);
  if (!match) return false;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (N < 2 ** 14 || N > 2 ** 17 || (N & (N - 1)) !== 0 || r < 1 || r > 16 || p < 1 || p > 4) return false;
  const expected = Buffer.from(match[5]!, 'base64url');
  const actual = await derive(password, Buffer.from(match[4]!, 'base64url'), expected.length, { N, r, p });
  return timingSafeEqual(actual, expected);
}
