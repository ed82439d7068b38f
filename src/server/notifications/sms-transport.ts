// How an SMS leaves the shop: through Vonage's SMS API with its official client (@vonage/sms; POST /sms/json with
// Basic authentication, the number without "+", the text, our message id as client-ref), or, without keys, as one
// .txt file per message in the SMS outbox (mode 0600, written under a temporary name and renamed). It has the mail
// transport's shape, so the mail worker (retries, leases, bounds) sends the SMS queue too. A 5xx or a message
// status other than 0 rejects, and the worker tries again later.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMS, SMSFailure, TypeEnum } from '@vonage/sms';
import type { MailTransport } from '../mail/transport.ts';
import type { MailMessage } from '../storage/types.ts';
import { gsmLength } from './gsm.ts';
import type { SmsSettings } from './sms-settings.ts';

/** The outbox file of one SMS: who to, from, the template, a blank line and the text. */
function outboxText(id: string, from: string, message: MailMessage): string {
  return [`To: ${message.to}`, `From: ${from}`, `Template: ${message.subject}`, `Id: ${id}`, '', message.text, ''].join('\n');
}

function failure(error: unknown): Error {
  if (error instanceof SMSFailure) {
    const reasons = error.getFailedMessages().map((m) => `status ${m.status}: ${m.errorText ?? 'no error text'}`);
    return new Error(`Vonage refused the SMS (${reasons.join('; ') || error.message})`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

export function createSmsTransport(settings: SmsSettings, timeoutMs: number): MailTransport {
  if (settings.kind === 'outbox') {
    const { dir, from } = settings;
    return {
      kind: 'outbox',
      async send(id, message) {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.txt`);
        writeFileSync(`${file}.tmp`, outboxText(id, from, message), { mode: 0o600 });
        renameSync(`${file}.tmp`, file);
        return file;
      },
      close() {},
    };
  }
  const client = new SMS(
    { apiKey: settings.apiKey, apiSecret: settings.apiSecret },
    { ...(settings.restHost ? { restHost: settings.restHost } : {}), timeout: timeoutMs },
  );
  return {
    kind: 'vonage',
    async send(id, message) {
      try {
        const answer = await client.send({
          to: message.to.replace(/^\+/, ''),
          from: settings.from,
          text: message.text,
          type: gsmLength(message.text) === null ? TypeEnum.UNICODE : TypeEnum.TEXT,
          clientRef: id,
        });
        const ids = answer.messages.map((m) => m.messageId).join(', ');
        const parts = Number(answer.messageCount);
        return `Vonage message ${ids} (${parts} part${parts === 1 ? '' : 's'})`;
      } catch (error) {
        throw failure(error);
      }
    },
    close() {},
  };
}
