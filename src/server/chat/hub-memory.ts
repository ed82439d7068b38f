// The chat hub of one process on SQLite (runtime/topology.ts `sharedState()` false): fan-out, staff presence and
// stream slots in this process's memory, at no I/O cost. Nobody else could hold a stream or publish an event.
import { addressKey } from '../http/client-address.ts';
import type { ServerEvent } from '../http/event-stream.ts';
import { LIMITS } from '../runtime/limits.ts';
import { LocalFanOut } from './fan-out.ts';
import { type ChatHub, type HubListener, SLOT_REFUSED, type StreamSlot } from './hub-types.ts';

const bump = (map: Map<string, number>, key: string, by: number) => {
  const next = (map.get(key) ?? 0) + by;
  if (next <= 0) map.delete(key);
  else map.set(key, next);
};

export function createMemoryHub(): ChatHub {
  const fanOut = new LocalFanOut();
  /** performance.now() when the last staff stream closed. Real time, not the shop's clock: presence is about
   *  connections, and a frozen test clock must not keep a departed staff member online. */
  let staffLeftAt = Number.NEGATIVE_INFINITY;
  const perToken = new Map<string, number>();
  const perAddress = new Map<string, number>();
  let total = 0;

  function reserve(subject: string, clientAddress: string): StreamSlot {
    const address = clientAddress ? addressKey(clientAddress) : '';
    const { streamsPerToken, streamsPerAddress, streamsTotal } = LIMITS.chat;
    if (total >= streamsTotal) return { refused: SLOT_REFUSED.busy };
    if ((perToken.get(subject) ?? 0) >= streamsPerToken) return { refused: SLOT_REFUSED.token(streamsPerToken) };
    if (address && (perAddress.get(address) ?? 0) >= streamsPerAddress) return { refused: SLOT_REFUSED.address };
    total++;
    bump(perToken, subject, 1);
    if (address) bump(perAddress, address, 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        total--;
        bump(perToken, subject, -1);
        if (address) bump(perAddress, address, -1);
      },
    };
  }

  return {
    async subscribeConversation(conversationId: string, listener: HubListener) {
      const remove = fanOut.addConversation(conversationId, listener);
      return () => void remove();
    },
    async subscribeStaff(listener: HubListener) {
      const remove = fanOut.addStaff(listener);
      return () => {
        if (remove() && fanOut.staffCount === 0) staffLeftAt = performance.now();
      };
    },
    async publish(conversationId: string, event: ServerEvent, staffEvent: ServerEvent) {
      fanOut.deliver(conversationId, event, staffEvent);
    },
    async staffOnline() {
      return fanOut.staffCount > 0 || performance.now() - staffLeftAt < LIMITS.chat.staffGraceMs;
    },
    async reserveStream(subject: string, clientAddress: string) {
      return reserve(subject, clientAddress);
    },
    async stop() {},
  };
}
