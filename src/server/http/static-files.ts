// The build's static files (dist/client) for src/server/serve.ts, compressed: each file is sent as the `.br` or `.gz`
// copy src/integrations/precompress.ts wrote at build time when the request's Accept-Encoding allows it, with
// Vary: Accept-Encoding, and with the Cache-Control of src/server/http/cache-control.ts. The files are sent by `send`,
// the library Astro's own handler uses for them, so ETag/If-None-Match (304), If-Modified-Since, HEAD, Range and
// Content-Length behave as before. Anything that is not a file of the build (trailing-slash redirects, the 404 page,
// pages rendered on demand, other methods than GET and HEAD) is left to Astro's handler (`fallback`); the 404 page it
// sends gets the 404 policy of cache-control.ts on the way out.
//
// The files are listed once at start-up: a request costs a map look-up, not a file-system probe per encoding. A publish
// (`npm run content:publish`) swaps files in under the running server and says which in dist/published.json
// (published.ts): the list takes those files in again (or, after a full publish, lists every file again) on the first
// request after the stamp changed.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import send from 'send';
import { CACHE_CONTROL, staticCacheControl } from './cache-control.ts';
import { type Encoding, isCompressible, negotiateEncoding, PRECOMPRESSED } from './compression.ts';
import { readPublishStamp } from './published.ts';

type StaticFile = {
  /** Path below the client directory, '/'-separated, without a leading slash. */
  path: string;
  cacheControl: string;
  /** The compressed copies that exist, br first. */
  encodings: Encoding[];
  /** The Content-Type of the file itself, sent with its compressed copies (send would name the .br file's type). */
  type: string | null;
};

// The types `send` (mime-types) gives these files, so a compressed answer names the same type as the plain one.
const TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  xml: 'application/xml',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
};

const COMPRESSED_SUFFIX = /\.(?:br|gz)$/;

/** The entry of `path` (below the client directory) given which files exist, or null when it is not served by this list. */
function fileEntry(path: string, exists: (path: string) => boolean): StaticFile | null {
  // Astro's handler refuses dotfiles except under .well-known; so does this list (they go to Astro as before).
  if (/(?:^|\/)\./.test(path) && !path.startsWith('.well-known/')) return null;
  // A compressed copy is sent in place of its file, not under its own name (that stays with Astro's handler).
  if (COMPRESSED_SUFFIX.test(path) && exists(path.slice(0, -3))) return null;
  const compressible = isCompressible(path);
  return {
    path,
    cacheControl: staticCacheControl(`/${path}`),
    encodings: compressible ? (['br', 'gzip'] as const).filter((e) => exists(path + PRECOMPRESSED[e])) : [],
    type: compressible ? (TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? null) : null,
  };
}

/** The URL paths of a file: its own, and a directory's index.html also under the directory's path ("/x/"). */
function urlPathsOf(path: string): string[] {
  if (path === 'index.html') return ['/index.html', '/'];
  if (path.endsWith('/index.html')) return [`/${path}`, `/${path.slice(0, -'index.html'.length)}`];
  return [`/${path}`];
}

/** URL path → file, for every file of the build. */
function listFiles(clientDir: string): Map<string, StaticFile> {
  const all = new Set<string>();
  for (const entry of readdirSync(clientDir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) all.add(relative(clientDir, join(entry.parentPath, entry.name)).split(sep).join('/'));
  const files = new Map<string, StaticFile>();
  for (const path of all) {
    const file = fileEntry(path, (p) => all.has(p));
    if (file) for (const url of urlPathsOf(path)) files.set(url, file);
  }
  return files;
}

/** Takes the files a publish names into `files` again: each as it is now on disk (added, replaced or gone). */
function relist(files: Map<string, StaticFile>, clientDir: string, paths: readonly string[]): void {
  const exists = (p: string) => existsSync(join(clientDir, p));
  for (const path of new Set(paths.map((p) => p.replace(COMPRESSED_SUFFIX, '')))) {
    const file = exists(path) ? fileEntry(path, exists) : null;
    for (const url of urlPathsOf(path)) {
      if (file) files.set(url, file);
      else files.delete(url);
    }
  }
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The URL path of a request as a key of the list, or null when it cannot be one. */
function urlPath(url: string | undefined): string | null {
  if (url === undefined || url[0] !== '/') return null;
  const end = url.search(/[?#]/);
  const raw = end === -1 ? url : url.slice(0, end);
  if (!raw.includes('%')) return raw;
  // As Astro's handler decodes it (an escaped "/" stays escaped, so it never reaches another directory).
  try {
    return decodeURI(raw);
  } catch {
    return null;
  }
}

/** Encodes a listed path for `send`, which decodes the path it is given. */
const sendPath = (path: string) => `/${path.split('/').map(encodeURIComponent).join('/')}`;

/** Whether the headers given to writeHead (an object, or a flat or paired array) name a Cache-Control. */
function namesCacheControl(headers: unknown): boolean {
  if (Array.isArray(headers)) return headers.flat().some((value, i) => i % 2 === 0 && String(value).toLowerCase() === 'cache-control');
  return typeof headers === 'object' && headers !== null && Object.keys(headers).some((name) => name.toLowerCase() === 'cache-control');
}

/**
 * Astro's handler sends the prerendered 404 page (dist/client/404.html) without a Cache-Control, which would leave its
 * lifetime to each CDN's default (an hour on some): a 404 that names no policy gets CACHE_CONTROL.notFound. Pages
 * rendered on demand name their own (src/middleware.ts), and keep it.
 */
function withNotFoundPolicy(req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return;
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const status = typeof args[0] === 'number' ? args[0] : this.statusCode;
    if (status === 404 && !this.hasHeader('cache-control') && !args.slice(1).some(namesCacheControl))
      this.setHeader('cache-control', CACHE_CONTROL.notFound);
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}

/**
 * A handler that sends the files of `clientDir` and hands every other request to `fallback`. The security headers
 * are set by the caller before; this keeps them. `generation` tells when a publish changed files (published.ts).
 */
export function staticFiles(clientDir: string, fallback: Handler, generation: () => number): Handler {
  let files = listFiles(clientDir);
  let listed = generation();
  return (req, res) => {
    if (generation() !== listed) {
      listed = generation();
      const stamp = readPublishStamp(dirname(clientDir));
      if (stamp?.all) files = listFiles(clientDir);
      else if (stamp) relist(files, clientDir, stamp.paths);
    }
    const file = req.method === 'GET' || req.method === 'HEAD' ? files.get(urlPath(req.url) ?? '') : undefined;
    if (file === undefined) {
      withNotFoundPolicy(req, res);
      fallback(req, res);
      return;
    }
    // A range is a range of the file's own bytes (what the client asked for before, resuming): never of a copy.
    const encoding = req.headers.range === undefined ? negotiateEncoding(req.headers['accept-encoding'], file.encodings) : null;
    res.setHeader('cache-control', file.cacheControl);
    // Whenever a compressed copy exists the answer depends on Accept-Encoding, also when this one is not compressed.
    if (file.encodings.length > 0) res.setHeader('vary', 'Accept-Encoding');
    if (encoding !== null) {
      res.setHeader('content-encoding', encoding);
      if (file.type !== null) res.setHeader('content-type', file.type);
    }
    const stream = send(req, sendPath(encoding === null ? file.path : file.path + PRECOMPRESSED[encoding]), {
      root: clientDir,
      // The list decides what is served; the cache policy is set above.
      dotfiles: 'allow',
      index: false,
      cacheControl: false,
    });
    if (encoding !== null)
      stream.on('headers', (_res: ServerResponse, _path: string, stat: { size: number; mtime: Date }) => {
        // send's ETag is the copy's size and time; the encoding in it keeps two copies of equal size apart for caches.
        res.setHeader('etag', `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}-${encoding}"`);
      });
    let found = false;
    stream.on('file', () => {
      found = true;
    });
    stream.on('error', (error: Error & { status?: number; statusCode?: number }) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (found) {
        // The file was there and the request cannot be answered from it (a range past its end: 416, …).
        const status = error.status ?? error.statusCode ?? 500;
        for (const name of ['content-encoding', 'content-type', 'etag', 'last-modified'] as const) res.removeHeader(name);
        res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(status >= 500 ? 'Internal Server Error' : '');
        return;
      }
      // Gone since start-up (a build replaced under the running server): Astro's handler decides, as before.
      for (const name of ['cache-control', 'vary', 'content-encoding', 'content-type', 'etag'] as const) res.removeHeader(name);
      withNotFoundPolicy(req, res);
      fallback(req, res);
    });
    stream.pipe(res);
  };
}
