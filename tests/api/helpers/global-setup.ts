// Vitest global setup for the API tests: builds the shop once when the build is missing or older than its
// sources (the same rule as `npm start`), so every API test runs against the real built server.
import { fileURLToPath } from 'node:url';
import { build, needsBuild } from '../../../scripts/start.ts';

export default function setup(): void {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  if (!needsBuild(root)) return;
  console.log('API tests: building the shop first (no build, or sources changed)…');
  const status = build(root);
  if (status !== 0) throw new Error(`astro build failed with status ${status}`);
}
