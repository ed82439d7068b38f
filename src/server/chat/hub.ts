// The live chat's fan-out inside this process: who listens to which conversation (the shopper's stream), who
// listens to all of them (the staff stream of /beheer/chat/), whether any staff member is online, and how many event
// streams are open per token, per client address and in all. One process only: with several shop processes a
// message posted to one would not reach streams held by another, which would need PostgreSQL LISTEN/NOTIFY (or a
// shared broker) to carry each published event to every process (not built; docs/chat.md).
import { addressKey } from '../http/client-address.ts';
import type { ServerEvent } from '../http/event-stream.ts';
import { LIMITS } from '../runtime/limits.ts';

type Listener = (event: ServerEvent) => void;

type HubState = {
  byConversation: Map<string, Set<Listener>>;
  staffListeners: Set<Listener>;
  /** performance.now() when the last staff stream closed: staff count as online a little longer (a reconnect). */
  staffLeftAt: number;
  perToken: Map<string, number>;
  perAddress: Map<string, number>;
  total: number;
};

// One hub per process, whichever copy of this module asks: serve.ts runs the API from src/ while the back office's
// pages run from the Astro build (dist/server), which bundles its own copy of this file. Both must publish to and
// count the same listeners, so the state lives on globalThis under a registered symbol.
const HUB = Symbol.for('keukenhuys.chat.hub');
const globals = globalThis as typeof globalThis & { [HUB]?: HubState };
globals[HUB] ??= {
  byConversation: new Map(),
  staffListeners: new Set(),
  staffLeftAt: Number.NEGATIVE_INFINITY,
  perToken: new Map(),
  perAddress: new Map(),
  total: 0,
};
const hub: HubState = globals[HUB];
const { byConversation, staffListeners, perToken, perAddress } = hub;

/** Listens to one conversation's events; returns the unsubscribe. */
export function subscribeConversation(conversationId: string, listener: Listener): () => void {
  let set = byConversation.get(conversationId);
  if (!set) {
    set = new Set();
    byConversation.set(conversationId, set);
  }
  set.add(listener);
  return () => {
    const current = byConversation.get(conversationId);
    if (!current?.delete(listener)) return;
    if (current.size === 0) byConversation.delete(conversationId);
  };
}

/** Listens to every conversation's events (the back office); an open staff stream is what "staff online" means. */
export function subscribeStaff(listener: Listener): () => void {
  staffListeners.add(listener);
  return () => {
    if (staffListeners.delete(listener) && staffListeners.size === 0) hub.staffLeftAt = performance.now();
  };
}

/** Sends an event to the conversation's listeners and its summary event to every staff listener. */
export function publish(conversationId: string, event: ServerEvent, staffEvent: ServerEvent): void {
  for (const listener of byConversation.get(conversationId) ?? []) listener(event);
  for (const listener of staffListeners) listener(staffEvent);
}

/** A staff stream is open, or closed less than LIMITS.chat.staffGraceMs ago. Real time, not the shop's clock: presence
 *  is about connections, and a frozen test clock must not keep a departed staff member online. */
export function staffOnline(): boolean {
  return staffListeners.size > 0 || performance.now() - hub.staffLeftAt < LIMITS.chat.staffGraceMs;
}

// ---------------------------------------------------------------------------------------------------------------
// Stream slots

const bump = (map: Map<string, number>, key: string, by: number) => {
  const next = (map.get(key) ?? 0) + by;
  if (next <= 0) map.delete(key);
  else map.set(key, next);
};

/**
 * Reserves one open stream for a token subject and client address: the release function, or the Dutch reason why
 * not (too many streams for this token, this address, or the whole process). Release exactly once, when the stream
 * has ended or was never started.
 */
export function reserveStream(subject: string, clientAddress: string): { release: () => void } | { refused: string } {
  const address = clientAddress ? addressKey(clientAddress) : '';
  const { streamsPerToken, streamsPerAddress, streamsTotal } = LIMITS.chat;
  if (hub.total >= streamsTotal) return { refused: 'De chat is op dit moment erg druk. Probeer het over een minuut opnieuw.' };
  if ((perToken.get(subject) ?? 0) >= streamsPerToken)
    return { refused: `Je hebt de chat al in ${streamsPerToken} vensters open. Sluit er een en probeer het opnieuw.` };
  if (address && (perAddress.get(address) ?? 0) >= streamsPerAddress)
    return { refused: 'Vanaf dit netwerk staan al te veel chats open. Sluit er een en probeer het opnieuw.' };
  hub.total++;
  bump(perToken, subject, 1);
  if (address) bump(perAddress, address, 1);
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      hub.total--;
      bump(perToken, subject, -1);
      if (address) bump(perAddress, address, -1);
    },
  };
}
