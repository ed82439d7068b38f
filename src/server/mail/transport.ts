// How messages leave the shop, with nodemailer: through the SMTP server of SMTP_URL (smtp://user:pass@host:587,
// smtps://… for TLS from the start), or, without it, as one .eml file per message in $SHOP_DATA_DIR/outbox/ (or
// MAIL_OUTBOX_DIR), so `npm start` works without a mail server and a developer can open what was sent. Every
// message is From MAIL_FROM (default: the shop's name at noreply@ of its domain) with the customer service as
// Reply-To.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { MailMessage } from '../storage/types.ts';

type Env = Record<string, string | undefined>;

export type MailTransport = {
  /** For the log: 'smtp' or 'outbox' (e-mail and SMS), 'vonage' (SMS, src/server/notifications/sms-transport.ts). */
  readonly kind: 'smtp' | 'outbox' | 'vonage';
  /** Sends one message; resolves with where it went (the SMTP answer or the file), rejects when it failed. */
  send(id: string, message: MailMessage): Promise<string>;
  close(): void;
};

export type TransportOptions = {
  from: string;
  replyTo: string;
  /** Bounds connecting, the server's greeting and every wait on the socket. */
  timeoutMs: number;
};

function envelope(options: TransportOptions, id: string, message: MailMessage): Mail.Options {
  return {
    from: options.from,
    replyTo: options.replyTo,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: { ...message.headers, 'X-Keukenhuys-Mail-Id': id },
  };
}

/** SMTP_URL's transport, or the outbox directory's. */
export function createMailTransport(env: Env, options: TransportOptions, dataDir: string): MailTransport {
  const url = env.SMTP_URL?.trim();
  if (url) {
    const smtp = nodemailer.createTransport({
      url,
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
    });
    return {
      kind: 'smtp',
      async send(id, message) {
        const info = await smtp.sendMail(envelope(options, id, message));
        return String(info.response ?? info.messageId);
      },
      close: () => smtp.close(),
    };
  }
  const dir = env.MAIL_OUTBOX_DIR?.trim() || join(dataDir, 'outbox');
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'outbox',
    async send(id, message) {
      const info = await stream.sendMail(envelope(options, id, message));
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      // Written under a temporary name and renamed, so a reader of the directory never sees half a message.
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
      writeFileSync(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      renameSync(`${file}.tmp`, file);
      return file;
    },
    close: () => stream.close(),
  };
}

/** MAIL_FROM, or '<shop name> <noreply@<domain>>' with the domain of the shop's host name (www. dropped). */
export function mailFrom(env: Env, shopName: string, hostname: string): string {
  return env.MAIL_FROM?.trim() || `${shopName} <noreply@${hostname.replace(/^www\./, '')}>`;
}
