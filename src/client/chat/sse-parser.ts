// An incremental parser of the text/event-stream format (WHATWG HTML, "Server-sent events"), for streams read with
// fetch(): EventSource cannot send the Authorization header the API needs. Chunks may split lines, and even a CRLF,
// anywhere; an event is dispatched at its blank line. Comments (heartbeats) are skipped, `retry:` is reported.

export type StreamEvent = { id: string | null; event: string; data: string };

export type SseParser = {
  /** Feeds decoded text; returns the events completed by it. */
  push(text: string): StreamEvent[];
  /** The last `retry:` value in ms, or null. */
  readonly retryMs: number | null;
  /** The last event id seen (what Last-Event-ID sends on reconnection), or null. */
  readonly lastEventId: string | null;
};

export function createSseParser(): SseParser {
  let buffer = '';
  let pendingCr = false;
  let data: string[] = [];
  let hasData = false;
  let event = '';
  let lastEventId: string | null = null;
  let retryMs: number | null = null;

  function line(text: string, out: StreamEvent[]): void {
    if (text === '') {
      if (hasData) out.push({ id: lastEventId, event: event || 'message', data: data.join('\n') });
      data = [];
      hasData = false;
      event = '';
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') {
      data.push(value);
      hasData = true;
    } else if (field === 'event') event = value;
    else if (field === 'id') {
      // An id with a NUL is ignored, as the standard says; the id applies from this event on.
      if (!value.includes('\0')) lastEventId = value;
    } else if (field === 'retry') {
      if (/^\d+$/.test(value)) retryMs = Number(value);
    }
  }

  return {
    push(text) {
      const out: StreamEvent[] = [];
      let chunk = text;
      // A CR at the end of the previous chunk ended a line; an LF right after it belongs to that same line break.
      if (pendingCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
      pendingCr = false;
      buffer += chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i), out);
        if (c === '\r') {
          if (i + 1 === buffer.length) pendingCr = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
    get retryMs() {
      return retryMs;
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}
