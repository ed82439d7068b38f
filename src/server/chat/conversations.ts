// Live-chat conversations as stored documents (kind `chatConversations`, migration 010): owned by the shopper's token
// subject, every message appended in one storage transaction (storage.update), so two messages posted at once are
// both kept in order. Each message and the "done" mark get the next number of the conversation's sequence (`seq`):
// the event id of the streams, from which a reconnecting client is sent what it missed.
import { ApiError } from '../../domain/errors.ts';
import { LIMITS } from '../runtime/limits.ts';
import { newId } from '../http/handler-helpers.ts';
import { getStorage } from '../storage/index.ts';
import type { StoredDocument } from '../storage/types.ts';

export type ChatMessage = {
  id: string;
  seq: number;
  from: 'shopper' | 'staff';
  /** The staff member's name, for staff messages. */
  staffName?: string;
  text: string;
  at: string;
};

export type ChatConversation = {
  conversationId: string;
  status: 'open' | 'done';
  shopperName: string | null;
  /** The page the chat was started from (a path of the site), and the product of a product page. */
  pagePath: string | null;
  productId: number | null;
  productName: string | null;
  /** The product page's path, so staff can open what the shopper is looking at. */
  productUrl: string | null;
  messages: ChatMessage[];
  /** The last number handed out (messages and the done mark share the sequence). */
  seq: number;
  /** The sequence number of the done mark, null while open. */
  doneSeq: number | null;
  createdAt: string;
  updatedAt: string;
};

/** Conversations are kept this long after their last message, then purged with other expired documents. */
const KEEP_MS = 90 * 24 * 3_600_000;
const expiry = (at: Date) => new Date(at.getTime() + KEEP_MS).toISOString();

export type NewConversation = {
  shopperName: string | null;
  pagePath: string | null;
  productId: number | null;
  productName: string | null;
  productUrl: string | null;
  text: string;
};

export async function startConversation(owner: string, input: NewConversation, at: Date): Promise<ChatConversation> {
  const conversationId = newId();
  const iso = at.toISOString();
  const conversation: ChatConversation = {
    conversationId,
    status: 'open',
    shopperName: input.shopperName,
    pagePath: input.pagePath,
    productId: input.productId,
    productName: input.productName,
    productUrl: input.productUrl,
    messages: [{ id: newId(), seq: 1, from: 'shopper', text: input.text, at: iso }],
    seq: 1,
    doneSeq: null,
    createdAt: iso,
    updatedAt: iso,
  };
  await getStorage().insert({ kind: 'chatConversations', id: conversationId, owner, data: conversation, expiresAt: expiry(at) }, at);
  return conversation;
}

export function getConversation(conversationId: string, at: Date): Promise<StoredDocument<ChatConversation> | null> {
  return getStorage().get<ChatConversation>('chatConversations', conversationId, at);
}

const FULL_TEXT = `Dit gesprek is vol (${LIMITS.chat.maxMessages} berichten). Start een nieuwe chat om verder te praten.`;
const DONE_TEXT = 'Dit gesprek is afgerond. Start een nieuwe chat als je nog een vraag hebt.';

/** Appends a message; 409 when the conversation is done, 422 when it is full. */
export async function appendMessage(
  conversationId: string,
  message: Pick<ChatMessage, 'from' | 'text' | 'staffName'>,
  at: Date,
): Promise<{ conversation: ChatConversation; message: ChatMessage }> {
  let added: ChatMessage | null = null;
  const doc = await getStorage().update<ChatConversation>(
    'chatConversations',
    conversationId,
    (current) => {
      const data = current.data;
      if (data.status === 'done') throw new ApiError(409, DONE_TEXT);
      if (data.messages.length >= LIMITS.chat.maxMessages) throw new ApiError(422, FULL_TEXT, [{ field: 'text', errorMessage: FULL_TEXT }]);
      const seq = data.seq + 1;
      added = {
        id: newId(),
        seq,
        from: message.from,
        ...(message.staffName ? { staffName: message.staffName } : {}),
        text: message.text,
        at: at.toISOString(),
      };
      return { data: { ...data, seq, messages: [...data.messages, added], updatedAt: at.toISOString() }, expiresAt: expiry(at) };
    },
    { now: at },
  );
  return { conversation: doc.data, message: added! };
}

/** Marks a conversation done (idempotent: a second mark changes nothing). */
export async function markDone(conversationId: string, at: Date): Promise<{ conversation: ChatConversation; changed: boolean }> {
  let changed = false;
  const doc = await getStorage().update<ChatConversation>(
    'chatConversations',
    conversationId,
    (current) => {
      const data = current.data;
      if (data.status === 'done') return { data };
      changed = true;
      const seq = data.seq + 1;
      return { data: { ...data, status: 'done', seq, doneSeq: seq, updatedAt: at.toISOString() } };
    },
    { now: at },
  );
  return { conversation: doc.data, changed };
}

/** The open conversations, newest first (at most LIMITS.chat.listLimit). */
export async function listOpenConversations(at: Date): Promise<ChatConversation[]> {
  const docs = await getStorage().listDocuments<ChatConversation>(
    'chatConversations',
    { filter: { status: 'open' }, limit: LIMITS.chat.listLimit },
    at,
  );
  return docs.map((doc) => doc.data);
}

/** What the back office's list shows of a conversation. */
export function summaryOf(conversation: ChatConversation) {
  const last = conversation.messages.at(-1) ?? null;
  return {
    conversationId: conversation.conversationId,
    status: conversation.status,
    shopperName: conversation.shopperName,
    pagePath: conversation.pagePath,
    productId: conversation.productId,
    productName: conversation.productName,
    productUrl: conversation.productUrl,
    messageCount: conversation.messages.length,
    lastMessage: last,
    /** The shopper waits for an answer: the last message is theirs. */
    waiting: last?.from === 'shopper',
    createdAt: conversation.createdAt,
    updatedAt: conversation.updatedAt,
  };
}
