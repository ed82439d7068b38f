// The command-line progress lines: throttled on a terminal and in a log, the last step always shown, the summary last.
import { describe, expect, it } from 'vitest';
import { progress } from '../../scripts/lib/progress.ts';

function sink(isTTY: boolean) {
  const written: string[] = [];
  return { stream: { isTTY, write: (text: string) => written.push(text) }, written };
}

describe('progress', () => {
  it('writes a log line at most every 5 s, always the last one, then the summary', () => {
    const { stream, written } = sink(false);
    let at = 0;
    const p = progress(stream, () => at);
    p.update('Gecontroleerd', 1000, 50000);
    at = 4999;
    p.update('Gecontroleerd', 2000, 50000);
    at = 5000;
    p.update('Gecontroleerd', 3000, 50000);
    at = 5001;
    p.update('Gecontroleerd', 50000, 50000);
    p.update('Verwerkt', 10, null);
    p.finish(['50.000 rijen verwerkt.']);
    expect(written).toEqual([
      'Gecontroleerd: 1.000 van 50.000 rijen\n',
      'Gecontroleerd: 3.000 van 50.000 rijen\n',
      'Gecontroleerd: 50.000 van 50.000 rijen\n',
      'Verwerkt: 10 rijen\n',
      '50.000 rijen verwerkt.\n',
    ]);
  });

  it('rewrites one line on a terminal and ends it before the summary', () => {
    const { stream, written } = sink(true);
    let at = 0;
    const p = progress(stream, () => at);
    p.update('Verwerkt', 1, 3);
    at = 50;
    p.update('Verwerkt', 2, 3);
    at = 150;
    p.update('Verwerkt', 2, 3);
    p.finish(['Klaar.']);
    expect(written).toEqual(['\r\x1b[2KVerwerkt: 1 van 3 rijen', '\r\x1b[2KVerwerkt: 2 van 3 rijen', '\n', 'Klaar.\n']);
  });
});
