// The newsletter's subscriptions, with double opt-in and signed links (issue 9): a sign-up (the footer form, the
// API, the checkout's box) makes a pending subscription and queues a confirmation e-mail in the same transaction; the
// signed link in it (valid for 7 days, only for that sign-up) makes it active and queues the welcome e-mail, which,
// like every marketing mail, carries a signed unsubscribe link and List-Unsubscribe headers. Unsubscribing needs
// that signature: an e-mail address alone unsubscribes no one. Used by the API handlers and the landing pages.
import { createHash, randomBytes } from 'node:crypto';
import { signValue, verifySignedValue } from '../http/tokens.ts';
import { now } from '../runtime/clock.ts';
import { mailFor } from '../mail/queue.ts';
import { mailContext } from '../mail/context.ts';
import { newsletterConfirmation } from '../mail/templates/newsletter-confirmation.ts';
import { newsletterWelcome } from '../mail/templates/newsletter-welcome.ts';
import { getStorage } from '../storage/index.ts';
import { DuplicateError, NotFoundError, type Mutation, type StoredDocument } from '../storage/types.ts';

type SubscriptionStatus = 'pending' | 'active' | 'unsubscribed';
export type SignUpSource = 'footer' | 'api' | 'checkout';

export type Subscription = {
  emailAddress: string;
  firstName: string | null;
  status: SubscriptionStatus;
  /** Changes with every sign-up: only the newest confirmation link works. */
  nonce: string;
  source: SignUpSource;
  requestedAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  changedAt: string;
};

/** How long a confirmation link works. */
const CONFIRMATION_DAYS = 7;
/** A sign-up never confirmed is removed after this. */
const PENDING_DAYS = 30;
const DAY_MS = 86_400_000;

/** The subscription's id: a hash of the address, so the same address always lands on the same record. */
function subscriberId(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32);
}

/** Subscriptions stored before double opt-in carried `subscribed: true|false`. */
function statusOf(data: Partial<Subscription> & { subscribed?: boolean }): SubscriptionStatus {
  if (data.status) return data.status;
  return data.subscribed ? 'active' : 'unsubscribed';
}

// ---- Signed links ------------------------------------------------------------------------------------------------

const TOKEN_PART = /^[A-Za-z0-9_-]{1,64}$/;

/** The token of a confirmation link: subscriber id, sign-up nonce, expiry (seconds, base 36) and their signature. */
function confirmationToken(id: string, nonce: string, expiresAt: Date): string {
  const value = `${id}.${nonce}.${Math.floor(expiresAt.getTime() / 1000).toString(36)}`;
  return `${value}.${signValue('newsletter-confirm', value)}`;
}

function readConfirmationToken(token: string | null): { id: string; nonce: string; expiresAt: Date } | null {
  const parts = token?.split('.') ?? [];
  if (parts.length !== 4 || !parts.every((p) => TOKEN_PART.test(p))) return null;
  const [id, nonce, expiry, signature] = parts as [string, string, string, string];
  if (!verifySignedValue('newsletter-confirm', `${id}.${nonce}.${expiry}`, signature)) return null;
  const seconds = Number.parseInt(expiry, 36);
  return Number.isSafeInteger(seconds) ? { id, nonce, expiresAt: new Date(seconds * 1000) } : null;
}

/** The token of an unsubscribe link: the subscriber id and its signature. It does not expire. */
function unsubscribeToken(id: string): string {
  return `${id}.${signValue('newsletter-unsubscribe', id)}`;
}

/** The subscriber id of a valid unsubscribe token, or null. */
export function readUnsubscribeToken(token: string | null | undefined): string | null {
  const parts = token?.split('.') ?? [];
  if (parts.length !== 2 || !parts.every((p) => TOKEN_PART.test(p))) return null;
  const [id, signature] = parts as [string, string];
  return verifySignedValue('newsletter-unsubscribe', id, signature) ? id : null;
}

function unsubscribeLinks(id: string) {
  const { baseUrl } = mailContext();
  const token = unsubscribeToken(id);
  return {
    pageUrl: `${baseUrl}/nieuwsbrief/afmelden/?t=${token}`,
    oneClickUrl: `${baseUrl}/api/newsletter-subscribers/unsubscribe/?t=${token}`,
  };
}

// ---- Signing up --------------------------------------------------------------------------------------------------

/**
 * A new sign-up: pending, with a fresh nonce and a confirmation e-mail queued in the same transaction. An address that
 * is already active stays as it is and gets no e-mail; the answer to the visitor is the same either way, so the form
 * does not tell who subscribes.
 */
export async function signUp(input: {
  emailAddress: string;
  firstName?: string | null;
  source: SignUpSource;
  owner: string;
}): Promise<void> {
  const at = now();
  const emailAddress = input.emailAddress.trim().toLowerCase();
  const id = subscriberId(emailAddress);
  const pending = (): Mutation<Subscription> => {
    const nonce = randomBytes(8).toString('base64url');
    const data: Subscription = {
      emailAddress,
      firstName: input.firstName?.trim() || null,
      status: 'pending',
      nonce,
      source: input.source,
      requestedAt: at.toISOString(),
      confirmedAt: null,
      unsubscribedAt: null,
      changedAt: at.toISOString(),
    };
    const confirmExpires = new Date(at.getTime() + CONFIRMATION_DAYS * DAY_MS);
    const confirmUrl = `${mailContext().baseUrl}/nieuwsbrief/bevestigen/?t=${confirmationToken(id, nonce, confirmExpires)}`;
    const mail = mailFor(newsletterConfirmation, emailAddress, { firstName: data.firstName, confirmUrl, validDays: CONFIRMATION_DAYS });
    return { data, expiresAt: new Date(at.getTime() + PENDING_DAYS * DAY_MS).toISOString(), mails: [mail] };
  };
  const storage = getStorage();
  try {
    const first = pending();
    const doc = { kind: 'newsletterSubscribers' as const, id, owner: input.owner, data: first.data, expiresAt: first.expiresAt ?? null };
    await storage.insert(doc, at, first.mails);
    return;
  } catch (error) {
    if (!(error instanceof DuplicateError)) throw error;
  }
  await storage.update<Subscription>(
    'newsletterSubscribers',
    id,
    (current) => (statusOf(current.data) === 'active' ? { data: current.data } : pending()),
    { now: at },
  );
}

// ---- Confirming --------------------------------------------------------------------------------------------------

export type ConfirmResult = 'confirmed' | 'alreadyConfirmed' | 'expired' | 'invalid';

/** Opens a confirmation link: a pending sign-up becomes active and gets the welcome e-mail. */
export async function confirm(token: string | null): Promise<ConfirmResult> {
  const link = readConfirmationToken(token);
  if (!link) return 'invalid';
  const at = now();
  let result: ConfirmResult = 'invalid';
  try {
    await getStorage().update<Subscription>(
      'newsletterSubscribers',
      link.id,
      (current) => {
        const status = statusOf(current.data);
        if (current.data.nonce !== link.nonce) {
          // An older link of this address: harmless when the address is active anyway.
          result = status === 'active' ? 'alreadyConfirmed' : 'invalid';
          return { data: current.data };
        }
        if (status === 'active') {
          result = 'alreadyConfirmed';
          return { data: current.data };
        }
        if (status !== 'pending') return { data: current.data };
        if (link.expiresAt.getTime() <= at.getTime()) {
          result = 'expired';
          return { data: current.data };
        }
        result = 'confirmed';
        const data: Subscription = { ...current.data, status: 'active', confirmedAt: at.toISOString(), changedAt: at.toISOString() };
        const welcome = mailFor(newsletterWelcome, data.emailAddress, {
          firstName: data.firstName,
          unsubscribe: unsubscribeLinks(link.id),
        });
        return { data, expiresAt: null, mails: [welcome] };
      },
      { now: at },
    );
  } catch (error) {
    if (error instanceof NotFoundError) return 'invalid';
    throw error;
  }
  return result;
}

// ---- Unsubscribing -----------------------------------------------------------------------------------------------

/** The subscription an unsubscribe token points at (for its page), or null. */
export async function subscriptionOf(token: string | null): Promise<StoredDocument<Subscription> | null> {
  const id = readUnsubscribeToken(token);
  if (!id) return null;
  const doc = await getStorage().get<Subscription>('newsletterSubscribers', id, now());
  return doc && { ...doc, data: { ...doc.data, status: statusOf(doc.data) } };
}

/** Unsubscribes the holder of a valid unsubscribe token; false when the token is not one of ours. */
export async function unsubscribe(token: string | null | undefined): Promise<boolean> {
  const id = readUnsubscribeToken(token);
  if (!id) return false;
  const at = now();
  try {
    await getStorage().update<Subscription>(
      'newsletterSubscribers',
      id,
      (current) =>
        statusOf(current.data) === 'unsubscribed'
          ? { data: current.data }
          : { data: { ...current.data, status: 'unsubscribed', unsubscribedAt: at.toISOString(), changedAt: at.toISOString() } },
      { now: at },
    );
  } catch (error) {
    // Signed by us, but the record is gone (a pending sign-up purged): nobody is subscribed, which is what was asked.
    if (!(error instanceof NotFoundError)) throw error;
  }
  return true;
}

/** 'a•••@voorbeeld.nl': enough for the owner to recognise the address on the unsubscribe page, not more. */
export function maskedAddress(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}
