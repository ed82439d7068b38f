// The live chat's hub as the rest of chat/ sees it: one interface for the fan-out of events to this process's open
// streams, staff presence and stream slots, whether one process holds them in memory (hub-memory.ts) or every
// instance shares them through the database (hub-shared.ts); hub.ts chooses. Also the Dutch refusals of a slot.
import type { ServerEvent } from '../http/event-stream.ts';

/** One open stream's subscription: its events, and `gap` when events may have been missed (it should end). */
export type HubListener = { event(event: ServerEvent): void; gap(): void };

/** A reserved stream slot (release it exactly once), or the Dutch reason why not. */
export type StreamSlot = { release: () => void } | { refused: string };

export interface ChatHub {
  /** Listens to one conversation's events (the shopper's stream); resolves with the unsubscribe once listening. */
  subscribeConversation(conversationId: string, listener: HubListener): Promise<() => void>;
  /** Listens to every conversation's events (the back office); an open staff stream is what "staff online" means. */
  subscribeStaff(listener: HubListener): Promise<() => void>;
  /** Sends an event to the conversation's listeners and its summary event to every staff listener, on every instance. */
  publish(conversationId: string, event: ServerEvent, staffEvent: ServerEvent): Promise<void>;
  /** A staff stream is open somewhere, or the last one closed less than LIMITS.chat.staffGraceMs ago. */
  staffOnline(): Promise<boolean>;
  /** Reserves one open stream for a token subject and client address (see LIMITS.chat). */
  reserveStream(subject: string, clientAddress: string): Promise<StreamSlot>;
  /** Stops following and renewing (shutdown); what this process held is written as gone. */
  stop(): Promise<void>;
}

export const SLOT_REFUSED = {
  busy: 'De chat is op dit moment erg druk. Probeer het over een minuut opnieuw.',
  token: (perToken: number) => `Je hebt de chat al in ${perToken} vensters open. Sluit er een en probeer het opnieuw.`,
  address: 'Vanaf dit netwerk staan al te veel chats open. Sluit er een en probeer het opnieuw.',
} as const;
