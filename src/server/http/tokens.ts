// Tokens of the API (DESIGN §2 "Identity and permissions"). A token is a JSON Web Token signed with HS256; it is
// made and checked with node:crypto's synchronous HMAC (about a microsecond) rather than jose's async verify, so
// reading a token costs almost nothing on hot routes such as GET cart. The format stays standard JWT, so any
// JWT library verifies it with the same secret.
//
// The secret comes from SHOP_SECRET, or else from $SHOP_DATA_DIR/secret, which is generated once (mode 0600).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import { LIMITS } from '../runtime/limits.ts';
import { isRole, type Role } from '../../domain/roles.ts';

export type TokenClaims = {
  /** The subject: a random id of at least 128 bits (base64url); owner of the carts, orders and quotes it makes. */
  sub: string;
  role: Role;
  /** Issued at, in seconds since the epoch. */
  iat: number;
  /** Optional expiry in seconds since the epoch (staff tokens). */
  exp?: number;
  /** Store of a staff member, when known. */
  shop?: string;
  /** The staff session a login token belongs to (src/server/staff/sessions.ts): checked against storage on every use,
   *  so a log-out or a deactivation ends the token at once. Tokens of `npm run token` have none. */
  sid?: string;
};

type Env = Record<string, string | undefined>;

const MIN_SECRET_LENGTH = 32;
let cachedSecret: Buffer | null = null;

/** Reads or creates the signing secret. */
export function loadSecret(env: Env = process.env): Buffer {
  const fromEnv = env.SHOP_SECRET?.trim();
  if (fromEnv) {
    if (fromEnv.length < MIN_SECRET_LENGTH) throw new Error(`SHOP_SECRET must have at least ${MIN_SECRET_LENGTH} characters`);
    return Buffer.from(fromEnv, 'utf8');
  }
  const dir = env.SHOP_DATA_DIR?.trim() || '.data';
  const file = join(dir, 'secret');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // Written whole to a file of this process, then linked into place: when several processes start at once (npm start
  // runs one per core), one link wins and the others read the complete file it linked, never a half-written one.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
    return Buffer.from(secret, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
  } finally {
    rmSync(draft, { force: true });
  }
}

function secret(): Buffer {
  cachedSecret ??= loadSecret();
  return cachedSecret;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const SUBJECT_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

function sign(input: string, key: Buffer): string {
  return createHmac('sha256', key).update(input).digest('base64url');
}

/** A compact JWT (HS256) of `payload`, signed with `key`. */
export function signJwt(payload: object, key: Buffer): string {
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${sign(body, key)}`;
}

/**
 * The payload of a JWT signed with `key` (HS256, our header), or null for anything else: too long, malformed, a
 * wrong signature (compared in constant time), a payload that is not a JSON object. The caller checks the claims.
 */
export function readJwt(token: string, key: Buffer, maxLength: number): Record<string, unknown> | null {
  if (token.length > maxLength) return null;
  const first = token.indexOf('.');
  const last = token.lastIndexOf('.');
  if (first <= 0 || last === first || token.slice(0, first) !== HEADER) return null;
  const expected = Buffer.from(sign(token.slice(0, last), key));
  const actual = Buffer.from(token.slice(last + 1));
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.slice(first + 1, last), 'base64url').toString('utf8'));
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A new random subject: 16 bytes (128 bits), base64url. */
export function newSubject(): string {
  return randomBytes(16).toString('base64url');
}

export function createToken(claims: Omit<TokenClaims, 'iat'> & { iat?: number }, now: Date, key: Buffer = secret()): string {
  const payload: TokenClaims = { ...claims, iat: claims.iat ?? Math.floor(now.getTime() / 1000) };
  return signJwt(payload, key);
}

export function createGuestToken(now: Date): { token: string; claims: TokenClaims } {
  const claims: TokenClaims = { sub: newSubject(), role: 'guest', iat: Math.floor(now.getTime() / 1000) };
  return { token: createToken(claims, now), claims };
}

// Tokens already verified with the process secret, so a returning client costs a map look-up instead of an HMAC.
// Bounded by bytes (LIMITS.cache.verifiedTokenBytes), least recently used first out. Expiry is still checked on
// every use.
/** The claims object and the map's bookkeeping, besides the token's characters (ASCII: one byte each). */
const VERIFIED_OVERHEAD_BYTES = 256;
const verified = new LRUCache<string, TokenClaims>({
  maxSize: LIMITS.cache.verifiedTokenBytes,
  sizeCalculation: (_claims, token) => token.length + VERIFIED_OVERHEAD_BYTES,
});

/** The claims of a valid token, or null for anything else (wrong signature, bad shape, expired). */
export function verifyToken(token: string, now: Date, key?: Buffer): TokenClaims | null {
  if (key !== undefined) return verifyWith(token, now, key);
  const known = verified.get(token);
  if (known) return known.exp !== undefined && known.exp * 1000 <= now.getTime() ? null : known;
  const claims = verifyWith(token, now, secret());
  if (claims) verified.set(token, claims);
  return claims;
}

function verifyWith(token: string, now: Date, key: Buffer): TokenClaims | null {
  const payload = readJwt(token, key, 2048);
  if (!payload) return null;
  const { sub, role, iat, exp, shop, sid } = payload;
  if (typeof sub !== 'string' || !SUBJECT_PATTERN.test(sub) || !isRole(role) || typeof iat !== 'number') return null;
  if (exp !== undefined && (typeof exp !== 'number' || exp * 1000 <= now.getTime())) return null;
  if (sid !== undefined && (typeof sid !== 'string' || !SUBJECT_PATTERN.test(sid))) return null;
  return {
    sub,
    role,
    iat,
    ...(typeof exp === 'number' ? { exp } : {}),
    ...(typeof shop === 'string' ? { shop } : {}),
    ...(typeof sid === 'string' ? { sid } : {}),
  };
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** A signature that proves the holder got it from us, for links such as the test payment page. */
export function signValue(purpose: string, value: string): string {
  return sign(`${purpose}:${value}`, secret()).slice(0, 32);
}

export function verifySignedValue(purpose: string, value: string, signature: string | null): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signValue(purpose, value));
  const actual = Buffer.from(signature);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
