// What one untrusted log entry may put in the server log, worked out without I/O: texts cut to a number of UTF-8
// bytes (never inside a character), a payload kept as it is when its JSON fits and otherwise logged as the start of
// that JSON, and the entry's cost in bytes against the log budget (log-budget.ts). docs/api.md "Logger" documents
// the sizes.

/** Added to every entry's cost for what the log line holds besides the client's text (level, time, pid, host, …). */
const LINE_OVERHEAD_BYTES = 256;
/** Marks a text that was cut. */
const CUT_MARK = '…';
const CUT_MARK_BYTES = Buffer.byteLength(CUT_MARK);

/** `text` when it has at most `maxBytes` UTF-8 bytes; else its longest start that fits with the mark after it. */
export function cutText(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  const room = Math.max(0, maxBytes - CUT_MARK_BYTES);
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char);
    if (bytes + size > room) break;
    bytes += size;
    end += char.length;
  }
  return text.slice(0, end) + CUT_MARK;
}

export type CutPayload = { payload?: unknown; payloadCut?: string };

/** The payload as it is when its JSON has at most `maxBytes` bytes; else the start of that JSON, as `payloadCut`. */
export function cutPayload(payload: unknown, maxBytes: number): CutPayload {
  if (payload === undefined) return {};
  const text = JSON.stringify(payload) ?? '';
  if (Buffer.byteLength(text) <= maxBytes) return { payload };
  return { payloadCut: cutText(text, maxBytes) };
}

export type LogEntryInput = { message: string; payload?: unknown; timestamp: string | number; userAgent?: string; sub?: string };
export type CutEntry = { message: string; fields: Record<string, unknown>; cost: number };

/**
 * The entry as it is logged, cut to `entryBytes`: the message to half of it, the payload's JSON to the other half,
 * the user agent to 256 bytes. Its cost is the bytes of the JSON of what is logged plus LINE_OVERHEAD_BYTES.
 */
export function cutEntry(entry: LogEntryInput, entryBytes: number): CutEntry {
  const half = Math.floor(entryBytes / 2);
  const message = cutText(entry.message, half);
  const fields: Record<string, unknown> = {
    clientTimestamp: entry.timestamp,
    ...cutPayload(entry.payload, half),
    sub: entry.sub,
    userAgent: entry.userAgent === undefined ? undefined : cutText(entry.userAgent, 256),
  };
  const cost = Buffer.byteLength(JSON.stringify({ ...fields, msg: message })) + LINE_OVERHEAD_BYTES;
  return { message, fields, cost };
}
