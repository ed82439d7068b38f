// Progress of long command-line work (a catalogue feed, the order export, a status import) on stderr: on a terminal
// one line rewritten at most every 100 ms ("Gecontroleerd: 12.000 van 50.000 rijen"), elsewhere (a log file, CI) one
// line per step at most every 5 s; and a summary at the end. stdout stays free for the command's own output.
type Stream = { isTTY?: boolean; write(text: string): unknown };

export type Progress = {
  /** Reports `done` of `total` (total null when unknown) for the step named `label`. */
  update(label: string, done: number, total: number | null): void;
  /** Ends the line of the last update and prints the summary lines. */
  finish(summary: readonly string[]): void;
};

const number = new Intl.NumberFormat('nl-NL');

export function progress(stream: Stream = process.stderr, clock: () => number = () => performance.now()): Progress {
  const tty = stream.isTTY === true;
  const every = tty ? 100 : 5_000;
  let last = Number.NEGATIVE_INFINITY;
  let open = false;
  let lastLabel = '';
  return {
    update(label, done, total) {
      const at = clock();
      const complete = total !== null && done >= total;
      if (label === lastLabel && at - last < every && !complete) return;
      last = at;
      lastLabel = label;
      const text = `${label}: ${number.format(done)}${total === null ? '' : ` van ${number.format(total)}`} rijen`;
      if (tty) {
        stream.write(`\r\x1b[2K${text}`);
        open = !complete;
        if (complete) stream.write('\n');
      } else stream.write(`${text}\n`);
    },
    finish(summary) {
      if (open) stream.write('\n');
      open = false;
      for (const line of summary) stream.write(`${line}\n`);
    },
  };
}
