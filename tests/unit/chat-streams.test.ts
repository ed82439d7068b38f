// The server side of the chat's event streams, the pure parts: the wire format of one event (a line break in the
// data becomes several data lines, and the browser's parser joins them back), which events a reconnecting client
// missed after its Last-Event-ID, and which Last-Event-ID values are taken at all.
import { describe, expect, it } from 'vitest';
import { createSseParser } from '../../src/client/chat/sse-parser.ts';
import type { ChatConversation } from '../../src/server/chat/conversations.ts';
import { lastEventNumber, missedEvents } from '../../src/server/chat/streams.ts';
import { formatEvent } from '../../src/server/http/event-stream.ts';

describe('formatEvent', () => {
  it('writes id, type and data, ending with a blank line', () => {
    expect(formatEvent({ id: '4', event: 'message', data: '{"a":1}' })).toBe('id: 4\nevent: message\ndata: {"a":1}\n\n');
  });
  it('splits data at every kind of line break and keeps line breaks out of id and type', () => {
    const text = formatEvent({ id: '1\n2', event: 'x\ry', data: 'a\r\nb\nc\rd' });
    expect(text).toBe('id: 12\nevent: xy\ndata: a\ndata: b\ndata: c\ndata: d\n\n');
    expect(createSseParser().push(text)).toEqual([{ id: '12', event: 'xy', data: 'a\nb\nc\nd' }]);
  });
});

const message = (seq: number) => ({ id: `m${seq}`, seq, from: 'shopper' as const, text: `bericht ${seq}`, at: '2026-11-24T10:00:00.000Z' });
const conversation = (done: boolean): ChatConversation => ({
  conversationId: 'c1',
  status: done ? 'done' : 'open',
  shopperName: null,
  pagePath: null,
  productId: null,
  productName: null,
  productUrl: null,
  messages: [message(1), message(2), message(3)],
  seq: done ? 4 : 3,
  doneSeq: done ? 4 : null,
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
});

describe('missedEvents', () => {
  it('sends the messages after the last event id, in order', () => {
    expect(missedEvents(conversation(false), 1).map((e) => [e.id, e.event])).toEqual([
      ['2', 'message'],
      ['3', 'message'],
    ]);
  });
  it('sends nothing to a client that has everything', () => {
    expect(missedEvents(conversation(false), 3)).toEqual([]);
  });
  it('adds the done mark with its own number, once', () => {
    expect(missedEvents(conversation(true), 2).map((e) => [e.id, e.event])).toEqual([
      ['3', 'message'],
      ['4', 'status'],
    ]);
    expect(missedEvents(conversation(true), 4)).toEqual([]);
  });
});

describe('lastEventNumber', () => {
  it.each([
    [null, null],
    ['7', 7],
    [' 12 ', 12],
    ['-1', null],
    ['1e3', null],
    ['abc', null],
    ['1234567890123456', null],
  ] as const)('%j → %j', (raw, expected) => {
    expect(lastEventNumber(raw)).toBe(expected);
  });
});
