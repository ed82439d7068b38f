// The live chat's event streams (docs/chat.md). A conversation's stream sends `message` and `status` events whose
// id is the conversation's sequence number; a staff stream sends one `conversation` event (the summary of
// src/server/chat/conversations.ts) per change of any conversation, with the change's time in ms as id. A client that
// reconnects with Last-Event-ID gets what it missed from storage first. The subscription is made before storage is
// read, and events that arrive meanwhile wait in a buffer, so none falls between the read and the live stream. When
// the hub reports that events may have been missed (hub-shared.ts: the database connection was lost), the stream ends;
// its client reconnects after the `retry:` hint and reads what it missed the same way.
import { EventStreamReply, type EventSink, type ServerEvent } from '../http/event-stream.ts';
import { logger } from '../runtime/log.ts';
import { type ChatConversation, type ChatMessage, listOpenConversations, summaryOf } from './conversations.ts';
import { type HubListener, publish, subscribeConversation, subscribeStaff } from './hub.ts';

export const messageEvent = (conversationId: string, message: ChatMessage): ServerEvent => ({
  id: String(message.seq),
  event: 'message',
  data: JSON.stringify({ conversationId, message }),
});

export const statusEvent = (conversation: ChatConversation): ServerEvent => ({
  id: String(conversation.doneSeq ?? conversation.seq),
  event: 'status',
  data: JSON.stringify({ conversationId: conversation.conversationId, status: conversation.status }),
});

const conversationEvent = (conversation: ChatConversation): ServerEvent => ({
  id: String(Date.parse(conversation.updatedAt)),
  event: 'conversation',
  data: JSON.stringify(summaryOf(conversation)),
});

/**
 * Tells the conversation's listeners and the staff about a change, on every instance. The change is stored already:
 * when the event cannot be sent (the database is briefly away) that is logged, not thrown; the streams that missed it
 * read it when they reconnect, and the back office when it reloads.
 */
export async function publishChange(conversation: ChatConversation, event: ServerEvent): Promise<void> {
  try {
    await publish(conversation.conversationId, event, conversationEvent(conversation));
  } catch (error) {
    logger.error({ err: error, conversationId: conversation.conversationId }, 'chat: publishing an event failed');
  }
}

/** A Last-Event-ID as a whole number, or null (absent or not ours). */
export function lastEventNumber(raw: string | null): number | null {
  if (raw === null || !/^\d{1,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

/** What a conversation's client missed after event `after`: later messages, and the done mark. */
export function missedEvents(conversation: ChatConversation, after: number): ServerEvent[] {
  const events = conversation.messages.filter((m) => m.seq > after).map((m) => messageEvent(conversation.conversationId, m));
  if (conversation.doneSeq !== null && conversation.doneSeq > after) events.push(statusEvent(conversation));
  return events;
}

/**
 * `reply`, ended as soon as `holds` says its reader may no longer read it (a staff member logged out, was deactivated
 * or got another role): asked every `everyMs` while the stream is open. A failed check (storage briefly away) keeps
 * the stream; the next check decides.
 */
export function whileAllowed(reply: EventStreamReply, holds: () => Promise<boolean>, everyMs: number): EventStreamReply {
  return new EventStreamReply((sink) => {
    const stop = reply.start(sink);
    const timer = setInterval(() => {
      holds().then(
        (allowed) => {
          if (!allowed) sink.close();
        },
        () => {},
      );
    }, everyMs);
    timer.unref();
    return () => {
      clearInterval(timer);
      stop();
    };
  }, reply.discard);
}

/** A subscription whose events wait in `events` until the stream has a sink; `gapped` once events may have been
 *  missed before it had one (the stream then ends after its replay). */
type Buffered = { events: ServerEvent[]; sink: EventSink | null; gapped: boolean; unsubscribe: () => void };

async function buffered(subscribe: (listener: HubListener) => Promise<() => void>): Promise<Buffered> {
  const state: Buffered = { events: [], sink: null, gapped: false, unsubscribe: () => {} };
  state.unsubscribe = await subscribe({
    event: (event) => {
      if (state.sink) state.sink.send(event);
      else state.events.push(event);
    },
    gap: () => {
      state.gapped = true;
      state.sink?.close();
    },
  });
  return state;
}

/**
 * A conversation's stream, subscribed now; `load` reads the conversation after the subscription. Events of the
 * buffer already in the replay (same or lower sequence number) are not sent twice. `release` frees the stream slot.
 */
export async function conversationStream(
  conversationId: string,
  lastEventId: string | null,
  load: () => Promise<ChatConversation>,
  release: () => void,
): Promise<EventStreamReply> {
  let live: Buffered;
  let conversation: ChatConversation;
  try {
    live = await buffered((listener) => subscribeConversation(conversationId, listener));
  } catch (error) {
    release();
    throw error;
  }
  try {
    conversation = await load();
  } catch (error) {
    live.unsubscribe();
    release();
    throw error;
  }
  const after = lastEventNumber(lastEventId) ?? conversation.seq;
  const replay = missedEvents(conversation, after);
  const end = () => {
    live.unsubscribe();
    release();
  };
  return new EventStreamReply((sink) => {
    let sent = after;
    for (const event of replay) sink.send(event);
    sent = Math.max(sent, conversation.seq);
    for (const event of live.events) if (Number(event.id) > sent) sink.send(event);
    live.events = [];
    // A finished conversation gets nothing more: the stream ends after the replay, and the client stops. After a gap
    // the stream ends too, and the client reconnects.
    if (conversation.status === 'done' || live.gapped) {
      end();
      sink.close();
      return () => {};
    }
    live.sink = {
      send: (event) => {
        sink.send(event);
        if (event.event === 'status') sink.close();
      },
      close: sink.close,
    };
    return end;
  }, end);
}

/** The staff stream: every change of every conversation; after a reconnection, the open ones changed since. */
export async function staffStream(lastEventId: string | null, at: Date, release: () => void): Promise<EventStreamReply> {
  let live: Buffered;
  try {
    live = await buffered(subscribeStaff);
  } catch (error) {
    release();
    throw error;
  }
  let replay: ServerEvent[] = [];
  const after = lastEventNumber(lastEventId);
  try {
    if (after !== null)
      replay = (await listOpenConversations(at))
        .filter((c) => Date.parse(c.updatedAt) > after)
        .reverse()
        .map(conversationEvent);
  } catch (error) {
    live.unsubscribe();
    release();
    throw error;
  }
  const end = () => {
    live.unsubscribe();
    release();
  };
  return new EventStreamReply((sink) => {
    for (const event of replay) sink.send(event);
    for (const event of live.events) sink.send(event);
    live.events = [];
    if (live.gapped) {
      end();
      sink.close();
      return () => {};
    }
    live.sink = sink;
    return end;
  }, end);
}
