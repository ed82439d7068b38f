// The public entry of the mail system: a message built by a template for one recipient, queued in the database.
//
//   // inside a storage transaction (queued only if the transaction commits):
//   storage.update('orders', id, (doc) => ({ data, mails: [mailFor(orderConfirmation, email, data)] }), { now });
//   storage.insert(doc, now, [mailFor(contactReceived, email, data)]);
//   // on its own:
//   await enqueueMail(newsletterConfirmation, email, data);
//
// Nothing is sent here: the worker of src/server/serve.ts (worker.ts) sends due messages, with retries. A message
// that would take its recipient over the template's daily bound is not queued (logged), so a form cannot be used to
// flood someone's inbox; the order or form it belongs to stands.
import { randomBytes } from 'node:crypto';
import { LIMITS } from '../runtime/limits.ts';
import { getStorage } from '../storage/index.ts';
import type { NewMail } from '../storage/types.ts';
import { now } from '../runtime/clock.ts';
import { logger } from '../runtime/log.ts';
import { shopName } from '../runtime/topology.ts';
import { mailContext } from './context.ts';
import type { MailContext, MailTemplate } from './template.ts';

/**
 * MAIL_QUEUE: the queue of this shop in its database (default `shop`). Processes send only their own queue's messages,
 * so two shops, or the API tests' servers, can share one database without sending each other's mail.
 */
export function mailQueueName(env: Record<string, string | undefined> = process.env): string {
  return shopName(env);
}

/** The bytes a message takes in the queue: subject, both parts and the headers. */
function messageBytes(mail: NewMail['message']): number {
  return Buffer.byteLength(JSON.stringify(mail));
}

/**
 * The message `template` makes of `data` for `to`, ready to queue (in a transaction through Mutation.mails or
 * insert's third argument, or with enqueueMail). Throws when the rendered message exceeds the size limit: every
 * template's data is bounded, so that is a defect, not a shopper's mistake.
 */
export function mailFor<D>(template: MailTemplate<D>, to: string, data: D, context: MailContext = mailContext()): NewMail {
  const recipient = to.trim().toLowerCase();
  const rendered = template.render(data, context);
  const message = { to: recipient, ...rendered };
  const bytes = messageBytes(message);
  if (bytes > LIMITS.mail.maxMessageBytes)
    throw new RangeError(`${template.name} message of ${bytes} bytes exceeds ${LIMITS.mail.maxMessageBytes}`);
  return {
    id: randomBytes(16).toString('base64url'),
    queue: mailQueueName(),
    template: template.name,
    recipient,
    message,
    maxPerDay: template.maxPerDay,
  };
}

/**
 * Queues a message now, outside any other transaction; false when the recipient's daily bound was reached.
 * @public the entry the other parts of the shop use for their messages
 */
export async function enqueueMail<D>(template: MailTemplate<D>, to: string, data: D): Promise<boolean> {
  const mail = mailFor(template, to, data);
  const queued = await getStorage().enqueueMail(mail, now());
  if (!queued) logger.warn({ mailId: mail.id, template: template.name }, 'mail not queued: the recipient reached the daily bound');
  return queued;
}
