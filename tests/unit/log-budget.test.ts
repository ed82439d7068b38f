// The log budget's pure parts: cutting entries to bytes, an entry's cost, the budget's settings, and the dropped-entries
// report written once per window. Expected values are worked out by hand in the comments.
import { describe, expect, it } from 'vitest';
import { createDropReport } from '../../src/server/http/log-drop-report.ts';
import { cutEntry, cutPayload, cutText } from '../../src/server/http/log-entry-cut.ts';
import { parseLogBudget, readLimits } from '../../src/server/runtime/limits.ts';

describe('cutText', () => {
  it('keeps a text that fits', () => {
    expect(cutText('abcdef', 6)).toBe('abcdef');
  });
  it('cuts to the bytes with the 3-byte mark … counted in', () => {
    // 8 bytes > 6: room 6 - 3 = 3 bytes → 'abc' + '…' = 6 bytes.
    expect(cutText('abcdefgh', 6)).toBe('abc…');
  });
  it('never cuts inside a character', () => {
    // 'ééé' is 6 bytes > 5: room 2 → one 'é' (2 bytes) + '…' = 5 bytes.
    expect(cutText('ééé', 5)).toBe('é…');
    // 'aééé' is 7 bytes > 5, room 2: 'a' (1 byte), then 'é' (2 bytes) would make 3 → 'a…'.
    expect(cutText('aééé', 5)).toBe('a…');
    // Emoji are 4 bytes (two UTF-16 units): 8 bytes > 7, room 4 → one emoji.
    expect(cutText('😀😀', 7)).toBe('😀…');
  });
});

describe('cutPayload', () => {
  it('keeps a payload whose JSON fits, as it is', () => {
    // '{"a":1}' is 7 bytes.
    expect(cutPayload({ a: 1 }, 7)).toEqual({ payload: { a: 1 } });
    expect(cutPayload(undefined, 7)).toEqual({});
  });
  it('logs the start of a longer JSON as payloadCut', () => {
    // 7 bytes > 6: room 3 → '{"a' + '…'.
    expect(cutPayload({ a: 1 }, 6)).toEqual({ payloadCut: '{"a…' });
  });
});

describe('cutEntry', () => {
  it('costs the bytes of what is logged plus 256', () => {
    const cut = cutEntry({ message: 'Render error', payload: { component: 'X' }, timestamp: 5, sub: 'g1', userAgent: 'UA' }, 2048);
    expect(cut.message).toBe('Render error');
    expect(cut.fields).toEqual({ clientTimestamp: 5, payload: { component: 'X' }, sub: 'g1', userAgent: 'UA' });
    // {"clientTimestamp":5,"payload":{"component":"X"},"sub":"g1","userAgent":"UA","msg":"Render error"}
    // 1 + 20 + 10 + 17 + 1 + 11 + 17 + 20 + 1 = 98 bytes, + 256 = 354.
    expect(cut.cost).toBe(354);
  });
  it('cuts a flood entry (4000-character message, 56 KB payload) to 2048 bytes of text', () => {
    const cut = cutEntry({ message: 'x'.repeat(4000), payload: 'y'.repeat(56_000), timestamp: 0 }, 2048);
    // The message to 1024 bytes: 1021 'x' and the mark.
    expect(cut.message).toBe(`${'x'.repeat(1021)}…`);
    // The payload's JSON '"yyy…"' to 1024 bytes: the quote, 1020 'y' and the mark.
    expect(cut.fields.payloadCut).toBe(`"${'y'.repeat(1020)}…`);
    // {"clientTimestamp":0,"payloadCut":"\"yyy…","msg":"xxx…"}: 1 + 20 + 13 + (1 + 2 + 1020 + 3 + 1) + 1 + 6
    // + (1 + 1021 + 3 + 1) + 1 = 2095 bytes, + 256 = 2351. A budget of 131072 bytes takes 55 of them (129305).
    expect(cut.cost).toBe(2351);
  });
  it('cuts the user agent to 256 bytes', () => {
    const cut = cutEntry({ message: 'm', timestamp: 1, userAgent: 'u'.repeat(300) }, 2048);
    expect(cut.fields.userAgent).toBe(`${'u'.repeat(253)}…`);
  });
});

describe('LOG_BUDGET_BYTES and LOG_ENTRY_MAX_BYTES', () => {
  it('defaults to 32 KB per token and 128 KB per address per minute, entries of 2 KB', () => {
    expect(readLimits({}).logBudget).toEqual({ perTokenBytes: 32_768, perAddressBytes: 131_072, windowMs: 60_000, entryBytes: 2048 });
  });
  it('reads perToken/perAddress', () => {
    expect(readLimits({ LOG_BUDGET_BYTES: '4096/8192', LOG_ENTRY_MAX_BYTES: '1024' }).logBudget).toEqual({
      perTokenBytes: 4096,
      perAddressBytes: 8192,
      windowMs: 60_000,
      entryBytes: 1024,
    });
  });
  it('refuses a budget smaller than one entry, or a malformed one', () => {
    expect(() => parseLogBudget('1000/8192', 2048)).toThrow(/LOG_BUDGET_BYTES/);
    expect(() => parseLogBudget('lots', 2048)).toThrow(/LOG_BUDGET_BYTES/);
    expect(() => readLimits({ LOG_ENTRY_MAX_BYTES: '100' })).toThrow(/LOG_ENTRY_MAX_BYTES/);
  });
});

describe('createDropReport', () => {
  it('writes the first drop at once, then one line per window with the sum', () => {
    let t = 0;
    const lines: { entries: number; bytes: number }[] = [];
    const timers: { run: () => void; ms: number }[] = [];
    const report = createDropReport({
      windowMs: 60_000,
      write: (d) => lines.push(d),
      clock: () => t,
      setTimer: (run, ms) => timers.push({ run, ms }),
    });
    report.add(1, 100);
    expect(lines).toEqual([{ entries: 1, bytes: 100 }]);
    t = 1000;
    report.add(1, 100);
    t = 2000;
    report.add(2, 200);
    // No line per drop: one timer, for the end of the window that started at 0 (60000 - 1000 = 59000 ms on).
    expect(lines).toHaveLength(1);
    expect(timers.map((timer) => timer.ms)).toEqual([59_000]);
    t = 60_000;
    timers[0]!.run();
    expect(lines).toEqual([
      { entries: 1, bytes: 100 },
      { entries: 3, bytes: 300 },
    ]);
    // A drop one second after that line waits for the next window's end (59000 ms); a timer with nothing counted
    // writes nothing.
    t = 61_000;
    report.add(1, 50);
    expect(timers.map((timer) => timer.ms)).toEqual([59_000, 59_000]);
    // After a quiet window the next drop is written at once, with what was still counted.
    t = 200_000;
    report.add(1, 10);
    expect(lines.at(-1)).toEqual({ entries: 2, bytes: 60 });
    timers[1]!.run();
    expect(lines).toHaveLength(3);
  });
});
