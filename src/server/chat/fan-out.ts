// This process's open chat streams, by what they listen to: one conversation (the shopper's stream, or staff reading
// it) or every conversation (the back office's staff stream). Both hubs deliver events to them through this.
import type { ServerEvent } from '../http/event-stream.ts';
import { logger } from '../runtime/log.ts';
import type { HubListener } from './hub-types.ts';

export class LocalFanOut {
  readonly #byConversation = new Map<string, Set<HubListener>>();
  readonly #staff = new Set<HubListener>();

  /** Adds a listener to one conversation; returns its removal, true the first time only. */
  addConversation(conversationId: string, listener: HubListener): () => boolean {
    let set = this.#byConversation.get(conversationId);
    if (!set) {
      set = new Set();
      this.#byConversation.set(conversationId, set);
    }
    set.add(listener);
    return () => {
      const current = this.#byConversation.get(conversationId);
      if (!current?.delete(listener)) return false;
      if (current.size === 0) this.#byConversation.delete(conversationId);
      return true;
    };
  }

  /** Adds a staff listener; returns its removal, true the first time only. */
  addStaff(listener: HubListener): () => boolean {
    this.#staff.add(listener);
    return () => this.#staff.delete(listener);
  }

  /** Open staff streams in this process. */
  get staffCount(): number {
    return this.#staff.size;
  }

  /** The event to the conversation's listeners, the summary to every staff listener. */
  deliver(conversationId: string, event: ServerEvent, staffEvent: ServerEvent): void {
    for (const listener of [...(this.#byConversation.get(conversationId) ?? [])]) call(() => listener.event(event));
    for (const listener of [...this.#staff]) call(() => listener.event(staffEvent));
  }

  /** Events may have been missed: every listener hears it (and ends its stream, so its client reconnects). */
  gap(): void {
    for (const set of [...this.#byConversation.values()]) for (const listener of [...set]) call(() => listener.gap());
    for (const listener of [...this.#staff]) call(() => listener.gap());
  }
}

/** One stream's failure must not keep the event from the others. */
function call(deliver: () => void): void {
  try {
    deliver();
  } catch (error) {
    logger.error({ err: error }, 'chat: delivering an event to a stream failed');
  }
}
