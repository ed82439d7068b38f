// Weighs a built page: its HTML, its inline scripts, and every JavaScript file it loads up front (script src,
// modulepreload, island component and renderer URLs) with their static imports. Which files a page loads is read
// from the build (dist/client); what they weigh is what the running server sends for them to a browser that
// accepts brotli and gzip (the bytes on the wire, not a size this code works out by compressing the files itself).
// Files that are loaded only on demand (dynamic import) are listed separately.
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join, resolve } from 'node:path';

export interface PageFiles {
  path: string;
  htmlBytes: number;
  inlineScriptBytes: number;
  jsFiles: string[];
  jsBytes: number;
  lazyJsFiles: string[];
}

export interface PageWeight extends PageFiles {
  /** The HTML's body as the server sent it. */
  htmlSent: number;
  /** The scripts' bodies as the server sent them, together. */
  jsSent: number;
  /** Content-Encoding of each answer (HTML first, then jsFiles), "identity" when none. */
  encodings: string[];
}

/** What a current browser sends. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** The bytes of one answer's body as sent (node:http does not decompress) and its Content-Encoding. */
function sentBytes(url: string, acceptEncoding: string): Promise<{ status: number; bytes: number; encoding: string }> {
  return new Promise((done, fail) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => done({ status: res.statusCode ?? 0, bytes, encoding: res.headers['content-encoding'] ?? 'identity' }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

function staticImports(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) out.push(m[1]);
  return out;
}

function dynamicImports(code: string): string[] {
  return [...code.matchAll(/import\(\s*["']([^"']+\.js)["']\s*\)/g)].map((m) => m[1]);
}

/** The files a built page loads up front, from dist/client. */
export function pageFiles(clientDir: string, path: string): PageFiles {
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
    inlineScriptBytes: inline.reduce((n, c) => n + Buffer.byteLength(c), 0),
    jsFiles: files,
    jsBytes: bytes.reduce((n, b) => n + b.length, 0),
    lazyJsFiles: [...lazy].filter((u) => !seen.has(u)),
  };
}

/** A page's files (pageFiles) weighed as the shop at `baseUrl` sends them to a browser (`npm start`). */
export async function weighPage(
  baseUrl: string,
  clientDir: string,
  path: string,
  acceptEncoding = BROWSER_ACCEPT_ENCODING,
): Promise<PageWeight> {
  const files = pageFiles(clientDir, path);
  const answers = await Promise.all([path, ...files.jsFiles].map((url) => sentBytes(new URL(url, baseUrl).href, acceptEncoding)));
  const failed = answers.findIndex((a) => a.status !== 200);
  if (failed !== -1) throw new Error(`${[path, ...files.jsFiles][failed]}: ${answers[failed]!.status}`);
  return {
    ...files,
    htmlSent: answers[0]!.bytes,
    jsSent: answers.slice(1).reduce((n, a) => n + a.bytes, 0),
    encodings: answers.map((a) => a.encoding),
  };
}
