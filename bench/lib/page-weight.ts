// Weighs a built page: its HTML, its inline scripts, and every JavaScript file it loads up front (script src,
// modulepreload, island component and renderer URLs) with their static imports, raw and gzip-compressed.
// Files that are loaded only on demand (dynamic import) are listed separately.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface PageWeight {
  path: string;
  htmlBytes: number;
  htmlGzip: number;
  inlineScriptBytes: number;
  jsFiles: string[];
  jsBytes: number;
  jsGzip: number;
  lazyJsFiles: string[];
}

const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;

function staticImports(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) out.push(m[1]);
  return out;
}

function dynamicImports(code: string): string[] {
  return [...code.matchAll(/import\(\s*["']([^"']+\.js)["']\s*\)/g)].map((m) => m[1]);
}

export function weighPage(clientDir: string, path: string): PageWeight {
  const htmlFile = path.endsWith('.html') ? join(clientDir, path) : join(clientDir, path, 'index.html');
  const html = readFileSync(htmlFile, 'utf8');
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const entry = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) entry.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) entry.add(m[1]);
  for (const m of html.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)) entry.add(m[1]);
  for (const code of inline) for (const url of staticImports(code)) entry.add(url);

  const seen = new Set<string>();
  const lazy = new Set<string>();
  const queue = [...entry].filter((u) => u.startsWith('/'));
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    const file = join(clientDir, url);
    if (!existsSync(file)) continue;
    seen.add(url);
    const code = readFileSync(file, 'utf8');
    for (const spec of staticImports(code)) queue.push(resolve(dirname(url), spec));
    for (const spec of dynamicImports(code)) lazy.add(resolve(dirname(url), spec));
  }
  for (const code of inline) for (const spec of dynamicImports(code)) lazy.add(spec);
  const files = [...seen];
  const bytes = files.map((u) => readFileSync(join(clientDir, u)));
  return {
    path,
    htmlBytes: Buffer.byteLength(html),
    htmlGzip: gz(html),
    inlineScriptBytes: inline.reduce((n, c) => n + Buffer.byteLength(c), 0),
    jsFiles: files,
    jsBytes: bytes.reduce((n, b) => n + b.length, 0),
    jsGzip: bytes.reduce((n, b) => n + gz(b), 0),
    lazyJsFiles: [...lazy].filter((u) => !seen.has(u)),
  };
}
