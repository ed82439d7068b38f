// The chat hub of several instances (several processes, or PostgreSQL, which several machines may share;
// runtime/topology.ts `sharedState()`): everything goes through the storage's coordination (storage/coordination.ts).
//
// - Fan-out: publish() is one publishEvent (topic `chat:<shop>`, the conversation id and both events as JSON); one
//   followEvents per process hands every event, its own included, to this process's streams (fan-out.ts). When the
//   follower reports a gap (PostgreSQL's LISTEN connection was lost and is back), every chat stream of this process
//   ends; its client reconnects after the stream's `retry:` hint with Last-Event-ID and reads what it missed.
// - Staff presence: this instance's number of open staff streams is its presence record of `chat:<shop>:staff`,
//   written on every change and renewed every RENEW_MS (presence-book.ts); when it drops to 0 the record of 0 lives
//   LIMITS.chat.staffGraceMs, so the grace period holds across instances. Staff are online while the live records
//   add up to more than 0, or a record of 0 (a grace) lives. The answer is kept for ONLINE_CACHE_MS.
// - Stream slots: the total is this process's own bound (its sockets); per token and per address the streams of
//   every instance count, as presence records too. A reservation reads the totals and writes this instance's new
//   count one at a time within this process; two instances reserving for one token at the same moment may both
//   see room, so a token can get one stream more than its bound, briefly (documented in docs/chat.md).
//
// `<shop>` is the shop's name in its database (MAIL_QUEUE, default `shop`), so two shops, or the API tests' servers,
// can share one database.
import { createHash } from 'node:crypto';
import { addressKey } from '../http/client-address.ts';
import type { ServerEvent } from '../http/event-stream.ts';
import { LIMITS } from '../runtime/limits.ts';
import { logger } from '../runtime/log.ts';
import { instanceId, shopName } from '../runtime/topology.ts';
import { type EventFollower, MAX_COORDINATION_KEY, type SharedEvent } from '../storage/coordination.ts';
import { getStorage, type Storage } from '../storage/index.ts';
import { LocalFanOut } from './fan-out.ts';
import type { ChatHub, HubListener, StreamSlot } from './hub-types.ts';
import { SLOT_REFUSED } from './hub-types.ts';
import { PresenceBook } from './presence-book.ts';

/** A presence record lives this long unless renewed (an instance that dies stops counting after it). */
const PRESENCE_TTL_MS = 15_000;
/** How often this instance renews its records. */
const RENEW_MS = 5_000;
/** How long a staffOnline() answer read from the database is reused. */
const ONLINE_CACHE_MS = 1_000;

type Payload = { c: string; e: ServerEvent; s: ServerEvent };

export type SharedHubOptions = { storage?: () => Storage; holder?: string; shop?: string };

export function createSharedHub(options: SharedHubOptions = {}): ChatHub {
  const storage = options.storage ?? getStorage;
  const shop = options.shop ?? shopName();
  const topic = `chat:${shop}`;
  const staffKey = `chat:${shop}:staff`;
  const fanOut = new LocalFanOut();
  const book = new PresenceBook({
    store: storage,
    holder: options.holder ?? instanceId(),
    ttlMs: PRESENCE_TTL_MS,
    graceOf: (key) => (key === staffKey ? LIMITS.chat.staffGraceMs : 0),
    onError: (error, key) => logger.warn({ err: error, key }, 'chat: writing presence failed; trying again at the next renewal'),
  });
  const renewal = setInterval(() => void book.renew(), RENEW_MS);
  renewal.unref();

  let following: Promise<EventFollower> | null = null;
  let stopped = false;
  /** The last staffOnline() read, and a generation that changes with this process's staff streams. */
  let online: { value: boolean; at: number } | null = null;
  let generation = 0;
  let processStreams = 0;

  const onEvent = (event: SharedEvent) => {
    if (event.topic !== topic) return;
    let payload: Payload;
    try {
      payload = JSON.parse(event.payload) as Payload;
    } catch {
      return;
    }
    fanOut.deliver(payload.c, payload.e, payload.s);
  };
  const onGap = () => {
    logger.warn('chat: events may have been missed; ending this instance’s chat streams so that their clients reconnect');
    online = null;
    generation++;
    fanOut.gap();
  };
  async function follow(): Promise<void> {
    if (stopped) throw new Error('the chat hub has stopped');
    following ??= storage()
      .followEvents({ onEvent, onGap })
      .catch((error: unknown) => {
        following = null;
        throw error;
      });
    await following;
  }

  async function staffChanged(): Promise<void> {
    generation++;
    online = null;
    await book.set(staffKey, fanOut.staffCount);
    generation++;
    online = null;
  }

  /** A presence key of at most MAX_COORDINATION_KEY characters (a long subject is hashed). */
  const slotKey = (kind: 'token' | 'address', value: string) => {
    const key = `chat:${shop}:streams:${kind}:${value}`;
    return key.length <= MAX_COORDINATION_KEY
      ? key
      : `chat:${shop}:streams:${kind}:#${createHash('sha256').update(value).digest('base64url')}`;
  };

  async function reserve(subject: string, clientAddress: string): Promise<StreamSlot> {
    const { streamsPerToken, streamsPerAddress, streamsTotal } = LIMITS.chat;
    if (processStreams >= streamsTotal) return { refused: SLOT_REFUSED.busy };
    processStreams++;
    const keys = [slotKey('token', subject), ...(clientAddress ? [slotKey('address', addressKey(clientAddress))] : [])];
    const bounds = [streamsPerToken, streamsPerAddress];
    let refused: string | null;
    try {
      refused = await book.exclusive(async () => {
        const nowMs = Date.now();
        for (const [i, key] of keys.entries())
          if ((await storage().presence(key, nowMs)).total >= bounds[i]!)
            return i === 0 ? SLOT_REFUSED.token(streamsPerToken) : SLOT_REFUSED.address;
        for (const key of keys) await book.changeNow(key, 1);
        return null;
      });
    } catch (error) {
      processStreams--;
      throw error;
    }
    if (refused) {
      processStreams--;
      return { refused };
    }
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        processStreams--;
        for (const key of keys) void book.change(key, -1);
      },
    };
  }

  return {
    async subscribeConversation(conversationId: string, listener: HubListener) {
      await follow();
      const remove = fanOut.addConversation(conversationId, listener);
      return () => void remove();
    },
    async subscribeStaff(listener: HubListener) {
      await follow();
      const remove = fanOut.addStaff(listener);
      await staffChanged();
      return () => {
        if (remove()) void staffChanged();
      };
    },
    async publish(conversationId: string, event: ServerEvent, staffEvent: ServerEvent) {
      await storage().publishEvent({ topic, payload: JSON.stringify({ c: conversationId, e: event, s: staffEvent } satisfies Payload) });
    },
    async staffOnline() {
      if (fanOut.staffCount > 0) return true;
      const at = Date.now();
      if (online && at - online.at < ONLINE_CACHE_MS) return online.value;
      const asked = generation;
      const { total, holders } = await storage().presence(staffKey, at);
      const value = total > 0 || holders > 0;
      if (asked === generation) online = { value, at };
      return value;
    },
    reserveStream: reserve,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(renewal);
      await book.clear();
      const follower = await following?.catch(() => null);
      following = null;
      await follower?.stop();
    },
  };
}
