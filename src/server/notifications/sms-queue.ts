// The SMS queue: SMS are kept, claimed, retried and bounded per number like e-mail, in the mail queue's table under
// a queue of their own (`<MAIL_QUEUE>-sms`), so an SMS is queued in the same transaction as the change it tells of
// and survives a restart. A queued SMS is a NewMail whose recipient and `to` are the E.164 number and whose `text`
// is the message (subject: the template's name, for the logs; no HTML). The SMS worker (jobs/background.ts) sends
// this queue through sms-transport.ts.
import { randomBytes } from 'node:crypto';
import { mailQueueName } from '../mail/queue.ts';
import type { NewMail } from '../storage/types.ts';

type Env = Record<string, string | undefined>;

/** SMS of one number and template per 24 hours, at most (a delivery planned anew sends another). */
const SMS_PER_DAY = 10;

export function smsQueueName(env: Env = process.env): string {
  return `${mailQueueName(env)}-sms`;
}

/** An SMS ready to queue (Mutation.mails, or storage.enqueueMail). */
export function smsFor(template: string, e164: string, text: string, env: Env = process.env): NewMail {
  return {
    id: randomBytes(16).toString('base64url'),
    queue: smsQueueName(env),
    template,
    recipient: e164,
    message: { to: e164, subject: template, text, html: '', headers: {} },
    maxPerDay: SMS_PER_DAY,
  };
}
