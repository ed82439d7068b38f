// `npm run bench:chat`: how long a chat message takes from its POST on one instance to the event on a shopper's stream
// held by another instance (docs/chat.md), p50 and p99 over 150 messages sent one after another. Baseline in
// the same run: one process alone (its hub in memory), the stream and the POST on the same instance. Then two
// processes on one SQLite file (events through a table both poll) and, with DATABASE_URL, two instances on PostgreSQL
// (LISTEN/NOTIFY).
//
//   npm run bench:chat [-- --messages 150]
//
// The servers run under NODE_ENV=test with a frozen clock inside the support hours (the chat only opens then), and the
// messages are staff answers (a shopper may send only a few per minute).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createSseParser } from '../src/client/chat/sse-parser.ts';
import { createToken } from '../src/server/http/tokens.ts';
import { build, needsBuild } from '../scripts/start.ts';
import { freePort, waitFor } from './lib/shop-process.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { messages: { type: 'string', default: '150' } } });
// A conversation holds at most 200 messages (the shopper's first one included).
const MESSAGES = Math.min(Number(values.messages), 190);
const SECRET = 'bench-secret-for-the-chat-latency-0123456789';
// Tuesday 24 November 2026, 11:00 in Amsterdam: inside the support hours.
const IN_HOURS = '2026-11-24T10:00:00.000Z';

if (needsBuild(root)) {
  console.log('Building the shop first…');
  if (build(root) !== 0) process.exit(1);
}

const children: ChildProcess[] = [];
const dirs: string[] = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function instance(dataDir: string, env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'src/server/serve.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      SHOP_FAKE_NOW: IN_HOURS,
      HOST: '127.0.0.1',
      PORT: String(port),
      SHOP_DATA_DIR: dataDir,
      SHOP_SECRET: SECRET,
      LOG_LEVEL: 'warn',
      ASTRO_NODE_LOGGING: 'disabled',
      ...env,
    },
    stdio: 'inherit',
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/system-health/`, child);
  return url;
}

async function call(url: string, token: string, body?: unknown): Promise<any> {
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

type Row = { name: string; p50: number; p99: number; max: number };

/** Posts MESSAGES staff answers through `postTo` and times each until it arrives on a shopper's stream held by `streamFrom`. */
async function measure(name: string, postTo: string, streamFrom: string): Promise<Row> {
  const staff = createToken({ sub: 'staff-bench-0000000000000000000', role: 'employee' }, new Date(), Buffer.from(SECRET));
  const appState = await call(`${postTo}/api/app-state/`, '');
  const shopper = appState.data.token as string;
  // A staff member online (a staff stream open on the other instance): the chat takes new conversations only then.
  const staffStream = new AbortController();
  await fetch(`${streamFrom}/api/chat/events/`, { headers: { authorization: `Bearer ${staff}` }, signal: staffStream.signal });
  let started: any = null;
  for (let tries = 0; started === null; tries++) {
    try {
      started = await call(`${postTo}/api/chat/conversations/`, shopper, { text: 'Hoe lang duurt levering?' });
    } catch (error) {
      // Another instance may answer from what it read up to a second ago.
      if (tries > 30) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const path = `/api/chat/conversations/${started.data.conversationId}/`;
  const controller = new AbortController();
  const response = await fetch(`${streamFrom}${path}events/`, {
    headers: { authorization: `Bearer ${shopper}` },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createSseParser();
  const arrived = new Map<string, number>();
  let wake = null as (() => void) | null;
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        for (const event of parser.push(value))
          if (event.event === 'message') {
            arrived.set(JSON.parse(event.data).message.text as string, performance.now());
            wake?.();
          }
      }
    } catch {
      // aborted at the end
    }
  })();
  const times: number[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const text = `Antwoord ${i}`;
    const sent = performance.now();
    await call(`${postTo}${path}messages/`, staff, { text });
    while (!arrived.has(text)) await new Promise<void>((resolve) => (wake = resolve));
    times.push(arrived.get(text)! - sent);
  }
  controller.abort();
  staffStream.abort();
  times.sort((x, y) => x - y);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return { name, p50: at(0.5), p99: at(0.99), max: Math.round(times.at(-1)! * 10) / 10 };
}

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'keukenhuys-bench-chat-'));
  dirs.push(dir);
  return dir;
}

const rows: Row[] = [];
const alone = await instance(dataDir(), {});
rows.push(await measure('baseline: one process, hub in memory (POST and stream on A)', alone, alone));
const sqliteDir = dataDir();
const sqliteA = await instance(sqliteDir, { SHOP_PROCESSES: '2' });
const sqliteB = await instance(sqliteDir, { SHOP_PROCESSES: '2' });
rows.push(await measure('two processes, one SQLite file (POST on A, stream on B)', sqliteA, sqliteB));
if (process.env.DATABASE_URL) {
  const env = { DATABASE_URL: process.env.DATABASE_URL, MAIL_QUEUE: `bench_chat_${process.pid}` };
  const pgA = await instance(dataDir(), env);
  const pgB = await instance(dataDir(), env);
  rows.push(await measure('two instances, PostgreSQL LISTEN/NOTIFY (POST on A, stream on B)', pgA, pgB));
}

console.log(
  `\nChat latency, POST of a message to its event on a shopper's stream: ${MESSAGES} messages per run, ${new Date().toISOString()}\n`,
);
console.log('| run | p50 ms | p99 ms | max ms |');
console.log('|---|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.name} | ${r.p50} | ${r.p99} | ${r.max} |`);
process.exit(0);
