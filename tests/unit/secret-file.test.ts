// The signing secret made once in $SHOP_DATA_DIR/secret: processes that start at the same moment (npm start runs one
// per core) all end up with the same, complete secret.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';

const tokens = fileURLToPath(new URL('../../src/server/http/tokens.ts', import.meta.url));
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function secretOfNewProcess(dataDir: string): Promise<string> {
  const script = `const { loadSecret } = await import(${JSON.stringify(tokens)}); process.stdout.write(loadSecret().toString('utf8'));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH ?? '', SHOP_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
  });
}

it('gives eight processes started at once one and the same complete secret, and leaves no draft behind', async () => {
  dir = mkdtempSync(join(tmpdir(), 'secret-'));
  const secrets = await Promise.all(Array.from({ length: 8 }, () => secretOfNewProcess(dir)));
  // 48 random bytes in base64url: 64 characters.
  expect(secrets[0]).toMatch(/^[A-Za-z0-9_-]{64}$/);
  expect(new Set(secrets)).toEqual(new Set([secrets[0]]));
  expect(readFileSync(join(dir, 'secret'), 'utf8')).toBe(`${secrets[0]}\n`);
  expect(readdirSync(dir)).toEqual(['secret']);
}, 30_000);
