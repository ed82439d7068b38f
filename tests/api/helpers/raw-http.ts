// HTTP at the socket level (node:net), for what fetch cannot do: send a request slowly or only in part, keep
// sending after the answer, and see when the server answers and when it closes the connection.
import { connect, type Socket } from 'node:net';

export type RawConnection = {
  socket: Socket;
  /** Everything received so far, as text. */
  received(): string;
  /** The status code of the first answer, once its status line has arrived (null if none did). */
  status(): number | null;
  /** A header of the first answer (lower-case name), once its head has arrived. */
  header(name: string): string | undefined;
  /** Milliseconds from connecting until the first byte of an answer arrived. */
  answered: Promise<number>;
  /** Milliseconds from connecting until the server closed the connection (end or reset), whichever came first. */
  closed: Promise<number>;
  /** Writes while the connection is writable; false once it is not. */
  write(data: string | Buffer): boolean;
  /** Bytes written so far. */
  sent(): number;
  destroy(): void;
};

export function openRaw(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let sent = 0;
    let answered!: (ms: number) => void;
    let closed!: (ms: number) => void;
    const answeredPromise = new Promise<number>((r) => (answered = r));
    const closedPromise = new Promise<number>((r) => (closed = r));
    const elapsed = () => Math.round(performance.now() - started);
    socket.on('data', (chunk) => {
      if (text === '') answered(elapsed());
      text += chunk.toString('latin1');
    });
    socket.on('end', () => closed(elapsed()));
    socket.on('close', () => closed(elapsed()));
    // A reset after the answer is one way for the server to close; it is not a failure of the test.
    socket.on('error', () => closed(elapsed()));
    const head = () => text.slice(0, Math.max(0, text.indexOf('\r\n\r\n')));
    socket.once('connect', () =>
      resolve({
        socket,
        received: () => text,
        status: () => {
          const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
          return match ? Number(match[1]) : null;
        },
        header: (name) => {
          for (const line of head().split('\r\n').slice(1)) {
            const colon = line.indexOf(':');
            if (line.slice(0, colon).trim().toLowerCase() === name) return line.slice(colon + 1).trim();
          }
          return undefined;
        },
        answered: answeredPromise,
        closed: closedPromise,
        write: (data) => {
          if (socket.destroyed || !socket.writable) return false;
          sent += typeof data === 'string' ? Buffer.byteLength(data) : data.length;
          socket.write(data);
          return true;
        },
        sent: () => sent,
        destroy: () => socket.destroy(),
      }),
    );
    socket.once('error', reject);
  });
}

/** Resolves with the value, or with `fallback` after `ms` milliseconds. */
export function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    promise.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}
