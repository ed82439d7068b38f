// The live chat's hub (docs/chat.md): the fan-out of new messages to open event streams, staff presence and the
// stream slots, behind one interface (hub-types.ts). One process on SQLite keeps them in memory (hub-memory.ts); with
// several processes or PostgreSQL (runtime/topology.ts `sharedState()`) every instance shares them through the
// database (hub-shared.ts): a message posted to one instance reaches the streams held by every other.
import type { ServerEvent } from '../http/event-stream.ts';
import { sharedState } from '../runtime/topology.ts';
import { createMemoryHub } from './hub-memory.ts';
import { createSharedHub } from './hub-shared.ts';
import type { ChatHub, HubListener, StreamSlot } from './hub-types.ts';

export type { HubListener, StreamSlot } from './hub-types.ts';

// One hub per process, whichever copy of this module asks: serve.ts runs the API from src/ while the back office's
// pages run from the Astro build (dist/server), which bundles its own copy of this file. Both must publish to and
// count the same listeners, and the shared hub must follow the events once per process, so the hub lives on
// globalThis under a registered symbol.
const HUB = Symbol.for('keukenhuys.chat.hub.v2');
const globals = globalThis as typeof globalThis & { [HUB]?: ChatHub };

/** This process's hub, made on first use. */
function chatHub(): ChatHub {
  globals[HUB] ??= sharedState() ? createSharedHub() : createMemoryHub();
  return globals[HUB];
}

export const subscribeConversation = (conversationId: string, listener: HubListener): Promise<() => void> =>
  chatHub().subscribeConversation(conversationId, listener);

export const subscribeStaff = (listener: HubListener): Promise<() => void> => chatHub().subscribeStaff(listener);

export const publish = (conversationId: string, event: ServerEvent, staffEvent: ServerEvent): Promise<void> =>
  chatHub().publish(conversationId, event, staffEvent);

/** A staff stream is open on some instance, or the last one closed less than LIMITS.chat.staffGraceMs ago. Real time,
 *  not the shop's clock: presence is about connections, and a frozen test clock must not keep staff online. */
export const staffOnline = (): Promise<boolean> => chatHub().staffOnline();

/**
 * Reserves one open stream for a token subject and client address: the release function, or the Dutch reason why
 * not (too many streams for this token or this address on all instances, or in this process). Release exactly once,
 * when the stream has ended or was never started.
 */
export const reserveStream = (subject: string, clientAddress: string): Promise<StreamSlot> =>
  chatHub().reserveStream(subject, clientAddress);

/**
 * Shutdown, after the event streams have ended (endAllEventStreams) and before storage is closed: writes this
 * instance's presence as gone (staff with their grace period) and stops following events. A later use makes a new hub.
 */
export async function stopChatHub(): Promise<void> {
  const hub = globals[HUB];
  if (!hub) return;
  delete globals[HUB];
  await hub.stop();
}
