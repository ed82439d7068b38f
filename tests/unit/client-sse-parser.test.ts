// The event-stream parser the chat reads its streams with: events end at a blank line, chunks split anywhere
// (inside a field, between CR and LF), comments are skipped, ids carry over to later events, retry is reported.
import { describe, expect, it } from 'vitest';
import { createSseParser } from '../../src/client/chat/sse-parser.ts';

describe('createSseParser', () => {
  it('reads one event with id, type and data', () => {
    const parser = createSseParser();
    expect(parser.push('id: 7\nevent: message\ndata: {"a":1}\n\n')).toEqual([{ id: '7', event: 'message', data: '{"a":1}' }]);
    expect(parser.lastEventId).toBe('7');
  });

  it('waits for the blank line, across chunks split inside a field', () => {
    const parser = createSseParser();
    expect(parser.push('id: 1\nda')).toEqual([]);
    expect(parser.push('ta: hal')).toEqual([]);
    expect(parser.push('lo\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ id: '1', event: 'message', data: 'hallo' }]);
  });

  it('joins several data lines with a newline and keeps a space after the first one', () => {
    const parser = createSseParser();
    expect(parser.push('data: regel 1\ndata:  regel 2\ndata\n\n')).toEqual([{ id: null, event: 'message', data: 'regel 1\n regel 2\n' }]);
  });

  it('skips comments (heartbeats) and blocks without data', () => {
    const parser = createSseParser();
    expect(parser.push(': ping\n\nevent: status\n\n: ping\n\n')).toEqual([]);
    // The event type of a block without data does not leak into the next one.
    expect(parser.push('data: x\n\n')).toEqual([{ id: null, event: 'message', data: 'x' }]);
  });

  it('treats CRLF and CR as line ends, also when a chunk ends between CR and LF', () => {
    const parser = createSseParser();
    expect(parser.push('id: 3\r\ndata: a\r')).toEqual([]);
    expect(parser.push('\n\r\n')).toEqual([{ id: '3', event: 'message', data: 'a' }]);
    expect(parser.push('data: b\r\rdata: c\n\n')).toEqual([
      { id: '3', event: 'message', data: 'b' },
      { id: '3', event: 'message', data: 'c' },
    ]);
  });

  it('keeps the last id for later events and reports retry in ms, ignoring a retry that is not a number', () => {
    const parser = createSseParser();
    const events = parser.push('retry: 3000\nid: 5\ndata: a\n\ndata: b\n\nretry: soon\n\n');
    expect(events.map((e) => e.id)).toEqual(['5', '5']);
    expect(parser.retryMs).toBe(3000);
    expect(parser.lastEventId).toBe('5');
  });
});
