// The live chat's API (docs/chat.md): its status (support hours, staff online, WhatsApp), conversations a shopper
// starts and writes in, the back office's list, answers and "done" mark, the event streams of both sides, and the
// message a shopper leaves when nobody can answer (a contact message with its confirmation e-mail).
import { z } from 'zod';
import { chatAvailability } from '../../domain/chat-availability.ts';
import { CONTACT_LIMITS, checkContact } from '../../domain/contact-message.ts';
import { ApiError } from '../../domain/errors.ts';
import { openingHoursText } from '../../domain/opening-hours.ts';
import { whatsappHref } from '../../domain/shops.ts';
import type { TokenClaims } from '../http/tokens.ts';
import { getCatalog } from '../content/catalog.ts';
import {
  type ChatConversation,
  appendMessage,
  getConversation,
  listOpenConversations,
  markDone,
  startConversation,
  summaryOf,
} from './conversations.ts';
import { reserveStream, staffOnline } from './hub.ts';
import { conversationStream, messageEvent, publishChange, staffStream, statusEvent, whileAllowed } from './streams.ts';
import { now } from '../runtime/clock.ts';
import { storeContactMessage } from '../forms/contact.ts';
import type { ApiRequest, Handler } from '../http/context.ts';
import type { EventStreamReply } from '../http/event-stream.ts';
import { fail, json } from '../http/reply.ts';
import { LIMITS } from '../runtime/limits.ts';
import { can } from '../../domain/capabilities.ts';
import { QuotaExceededError, checkQuota } from '../http/quotas.ts';
import { createLimiter } from '../http/rate-limit.ts';
import { staffSessionHolds, type StaffSession } from '../staff/sessions.ts';
import { getStorage } from '../storage/index.ts';
import { parseOr422 } from '../http/validation.ts';
import { assertOwner, idParam, objectBody, requireAuth } from '../http/handler-helpers.ts';

const TEXT_TOO_LONG = `Je bericht is te lang: maximaal ${LIMITS.chat.messageChars} tekens.`;
const text = z.string().trim().min(1, 'Schrijf eerst een bericht.').max(LIMITS.chat.messageChars, TEXT_TOO_LONG);
/** A path of this site (where the chat was started), never another site's URL. */
const pagePath = z
  .string()
  .max(300)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'Dit is geen pad van deze website.');

const startSchema = z.strictObject({
  text,
  name: z.string().trim().max(100).optional(),
  pagePath: pagePath.optional(),
  productId: z.number().int().positive().max(2_147_483_647).optional(),
});
const messageSchema = z.strictObject({ text });
const doneSchema = z.strictObject({ status: z.literal('done') });
const leaveSchema = z.strictObject({
  name: z.string().max(CONTACT_LIMITS.name),
  emailAddress: z.string().max(CONTACT_LIMITS.emailAddress),
  message: z.string().max(CONTACT_LIMITS.message),
  pagePath: pagePath.optional(),
});

/** The 422 of a body, with the field's own Dutch message where the schema has one (a message that is too long). */
function parseBody<S extends z.ZodType>(schema: S, request: ApiRequest): z.infer<S> {
  const body = objectBody(request);
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const own = result.error.issues.find((i) => i.path[0] === 'text' && (i.code === 'too_big' || i.code === 'too_small'));
  if (own) throw new ApiError(422, own.message, [{ field: 'text', errorMessage: own.message }]);
  return parseOr422(schema, body);
}

function requireStaff(request: ApiRequest): TokenClaims {
  const claims = requireAuth(request);
  if (!can(claims.role, 'answerChats')) throw fail.forbidden('Alleen medewerkers van de winkel kunnen dit gebruiken.');
  return claims;
}

async function ownConversation(request: ApiRequest, claims: TokenClaims): Promise<ChatConversation> {
  const doc = await getConversation(idParam(request, 'conversationId'), now());
  if (!doc) throw fail.notFound('Dit gesprek bestaat niet (meer).');
  assertOwner(claims, doc);
  return doc.data;
}

/** The signed-in staff member's name (from the login's session), for their answers. */
async function staffName(claims: TokenClaims): Promise<string> {
  if (!claims.sid) return 'Medewerker';
  const session = await getStorage().get<StaffSession>('staffSessions', claims.sid, now());
  return session?.data.name ?? 'Medewerker';
}

async function status() {
  const { company, specialDates } = getCatalog();
  const support = company.support;
  return {
    ...chatAvailability(support.openingHours, specialDates, now(), await staffOnline()),
    hours: openingHoursText(support.openingHours),
    whatsapp: support.whatsapp,
    whatsappUrl: whatsappHref(support.whatsapp),
    phone: support.phone,
    email: support.email,
  };
}

/** GET chat/status: may the shopper chat now, and otherwise the hours and the other ways to reach us. */
export const getChatStatus: Handler = async () => json(await status());

/** POST chat/conversations: a shopper starts a chat with a first message, from a page and perhaps a product. */
export const startChat: Handler = async (request) => {
  const claims = requireAuth(request);
  const input = parseBody(startSchema, request);
  let productName: string | null = null;
  let productUrl: string | null = null;
  if (input.productId !== undefined) {
    const product = getCatalog().summaries.get(input.productId);
    if (!product) throw fail.invalid([{ field: 'productId', errorMessage: 'Dit artikel bestaat niet.' }]);
    productName = `${product.brand} ${product.name}`;
    productUrl = product.url;
  }
  const state = await status();
  if (!state.open)
    throw new ApiError(
      409,
      state.closedBecause === 'hours'
        ? `De chat is nu gesloten (${state.hoursText}). Laat een bericht achter, dan mailen we je terug.`
        : 'Er is nu niemand van de klantenservice online. Laat een bericht achter, dan mailen we je terug.',
    );
  await checkQuota('chats', request);
  const conversation = await startConversation(
    claims.sub,
    {
      shopperName: input.name || null,
      pagePath: input.pagePath ?? null,
      productId: input.productId ?? null,
      productName,
      productUrl,
      text: input.text,
    },
    now(),
  );
  await publishChange(conversation, messageEvent(conversation.conversationId, conversation.messages[0]!));
  return json(conversation, 201, { location: `/api/chat/conversations/${conversation.conversationId}/` });
};

/** GET chat/conversations: the open conversations for the back office, newest first. */
export const listChats: Handler = async (request) => {
  requireStaff(request);
  return json((await listOpenConversations(now())).map(summaryOf));
};

/** GET chat/conversations/{id}: the whole conversation, to its shopper and to staff. */
export const getChat: Handler = async (request) => json(await ownConversation(request, requireAuth(request)));

/** PUT chat/conversations/{id}: staff mark a conversation done. */
export const updateChat: Handler = async (request) => {
  requireStaff(request);
  parseBody(doneSchema, request);
  const id = idParam(request, 'conversationId');
  const { conversation, changed } = await markDone(id, now());
  if (changed) await publishChange(conversation, statusEvent(conversation));
  return json(summaryOf(conversation));
};

const shopperMessages = createLimiter('chat:messages', LIMITS.chat.messagesPerMinute, 60_000, LIMITS.cache.rateLimitBytes / 16);

/** POST chat/conversations/{id}/messages: the shopper's next message, or a staff member's answer. */
export const postChatMessage: Handler = async (request) => {
  const claims = requireAuth(request);
  const input = parseBody(messageSchema, request);
  const conversation = await ownConversation(request, claims);
  const staff = can(claims.role, 'answerChats');
  if (!staff) {
    const wait = await shopperMessages.hit(conversation.conversationId, now().getTime());
    if (wait > 0)
      throw new QuotaExceededError(
        `Je stuurt te veel berichten achter elkaar (maximaal ${LIMITS.chat.messagesPerMinute} per minuut). Probeer het over ${wait} seconden opnieuw.`,
        wait,
      );
  }
  const { conversation: updated, message } = await appendMessage(
    conversation.conversationId,
    { from: staff ? 'staff' : 'shopper', text: input.text, ...(staff ? { staffName: await staffName(claims) } : {}) },
    now(),
  );
  await publishChange(updated, messageEvent(updated.conversationId, message));
  return json(message, 201);
};

async function streamSlot(request: ApiRequest, claims: TokenClaims): Promise<() => void> {
  const slot = await reserveStream(claims.sub, request.clientAddress);
  if ('refused' in slot) throw new QuotaExceededError(slot.refused, Math.ceil(LIMITS.chat.retryMs / 1000) * 10);
  return slot.release;
}

/** GET chat/conversations/{id}/events: the conversation's events, to its shopper and to staff. */
export const chatEvents: Handler = async (request) => {
  const claims = requireAuth(request);
  const first = await ownConversation(request, claims);
  const release = await streamSlot(request, claims);
  const reply = await conversationStream(
    first.conversationId,
    request.headers.get('last-event-id'),
    async () => await ownConversation(request, claims),
    release,
  );
  return claims.sid ? whileStaffSessionHolds(reply, claims) : reply;
};

/** A staff member's stream, ended once their session ends (their token is refused everywhere else at once). */
const whileStaffSessionHolds = (reply: EventStreamReply, claims: TokenClaims) =>
  whileAllowed(reply, () => staffSessionHolds(claims, now()), LIMITS.chat.sessionCheckMs);

/** GET chat/events: every conversation's changes, for the back office; while it is open, staff count as online. */
export const staffChatEvents: Handler = async (request) => {
  const claims = requireStaff(request);
  const release = await streamSlot(request, claims);
  const reply = await staffStream(request.headers.get('last-event-id'), now(), release);
  return claims.sid ? whileStaffSessionHolds(reply, claims) : reply;
};

/** POST chat/offline-messages: nobody can answer now, so the shopper leaves a message; we answer by e-mail. */
export const leaveChatMessage: Handler = async (request) => {
  const input = parseBody(leaveSchema, request);
  const trimmed = input.message.trim();
  const message = input.pagePath && trimmed ? `${trimmed}\n\n(Via de chat op ${input.pagePath})` : trimmed;
  const checked = checkContact({ subject: 'Iets anders', message, orderNumber: '', name: input.name, emailAddress: input.emailAddress });
  if (!checked.ok) throw fail.invalid(checked.errors);
  await checkQuota('forms', request);
  const { reference } = await storeContactMessage(checked.value, request.auth?.sub ?? 'contact-form');
  return json({ reference }, 201);
};
