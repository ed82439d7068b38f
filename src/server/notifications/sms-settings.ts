// How this shop sends SMS, read from the environment, and what the server checks about it before it listens.
//
//   SMS_PROVIDER       `vonage` (the only provider) asks for SMS through Vonage: its keys must then be set
//                      (in production the server does not start without them; elsewhere a warning, and the outbox);
//                      `outbox` writes every SMS to the outbox even with keys. Unset: Vonage when its keys are set.
//   VONAGE_API_KEY     the account's API key and secret (Vonage dashboard, "API settings")
//   VONAGE_API_SECRET
//   VONAGE_REST_HOST   the SMS API's origin, default https://rest.nexmo.com (the tests' contract server)
//   SMS_FROM           the sender: up to 11 letters, digits and spaces, or a number; default the shop's name
//   SMS_OUTBOX_DIR     where SMS are written without keys; default the mail outbox's `sms/` folder
//
// Without keys every SMS is written to the outbox as one .txt file, as e-mail is without SMTP_URL.
import { join } from 'node:path';

type Env = Record<string, string | undefined>;

export type SmsSettings =
  | { kind: 'vonage'; apiKey: string; apiSecret: string; from: string; restHost: string | undefined }
  | { kind: 'outbox'; dir: string; from: string };

const SENDER = /^(?:[A-Za-z0-9 ]{1,11}|\+?\d{1,15})$/;

function read(env: Env, name: string): string | undefined {
  return env[name]?.trim() || undefined;
}

/** The default sender: the shop's name in letters and digits, at most 11 (what an alphanumeric sender allows). */
function defaultSender(shopName: string): string {
  return shopName.replace(/[^A-Za-z0-9]/g, '').slice(0, 11) || 'Webshop';
}

/**
 * The SMS settings of `env`, and warnings for the log. Throws (the server does not start) on an unknown SMS_PROVIDER,
 * half a key pair, a malformed SMS_FROM or VONAGE_REST_HOST, and in production when SMS_PROVIDER=vonage lacks keys.
 */
export function smsSettings(env: Env, shopName: string, dataDir: string): { settings: SmsSettings; warnings: string[] } {
  const provider = read(env, 'SMS_PROVIDER')?.toLowerCase();
  if (provider !== undefined && provider !== 'vonage' && provider !== 'outbox')
    throw new Error(`SMS_PROVIDER must be vonage or outbox, got "${provider}"`);
  const apiKey = read(env, 'VONAGE_API_KEY');
  const apiSecret = read(env, 'VONAGE_API_SECRET');
  if (Boolean(apiKey) !== Boolean(apiSecret)) throw new Error('Set both VONAGE_API_KEY and VONAGE_API_SECRET, or neither.');
  const from = read(env, 'SMS_FROM') ?? defaultSender(shopName);
  if (!SENDER.test(from)) throw new Error(`SMS_FROM must be up to 11 letters, digits and spaces, or a phone number, got "${from}"`);
  const restHost = read(env, 'VONAGE_REST_HOST');
  if (restHost !== undefined) {
    let url: URL | null = null;
    try {
      url = new URL(restHost);
    } catch {}
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || (url.pathname !== '/' && url.pathname !== ''))
      throw new Error(`VONAGE_REST_HOST must be an http(s) origin without a path, got "${restHost}"`);
  }
  const outbox = (): SmsSettings => ({
    kind: 'outbox',
    from,
    dir: read(env, 'SMS_OUTBOX_DIR') ?? join(read(env, 'MAIL_OUTBOX_DIR') ?? join(dataDir, 'outbox'), 'sms'),
  });
  if (provider === 'outbox' || (provider === undefined && !apiKey)) return { settings: outbox(), warnings: [] };
  if (apiKey && apiSecret)
    return { settings: { kind: 'vonage', apiKey, apiSecret, from, restHost: restHost?.replace(/\/$/, '') }, warnings: [] };
  const missing = 'SMS_PROVIDER=vonage but VONAGE_API_KEY and VONAGE_API_SECRET are not set';
  if (env.NODE_ENV === 'production') throw new Error(`${missing}: set them, or unset SMS_PROVIDER to write SMS to the outbox instead.`);
  return { settings: outbox(), warnings: [`${missing}; SMS are written to the outbox.`] };
}

/** The start check (serve.ts, before it listens): throws what smsSettings throws; the warnings for the log. */
export function checkSms(env: Env): string[] {
  return smsSettings(env, 'Webshop', '.data').warnings;
}
