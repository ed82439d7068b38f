// A small stand-in for the `typesense` package's SearchClient in the browser bundle of the search islands.
//
// typesense-instantsearch-adapter only calls `new SearchClient(server)` and `multiSearch.perform(searches,
// commonParams)`; the full typesense-js client (with axios, tslib and loglevel) weighs about 40 KB gzip in the
// browser, a quarter of the search page's JavaScript budget. This class does the same request with fetch: POST
// {node}/multi_search?x-typesense-api-key=…&{commonParams}, content-type text/plain, array parameters joined by
// commas, the next node on a network error or a 5xx answer (numRetries, retryIntervalSeconds,
// connectionTimeoutSeconds as in typesense-js), and the same client-side cache (cacheSearchResultsForSeconds).
//
// src/integrations/typesense-dev.ts puts it in place of `typesense` for the adapter's import in the client build
// only; the server, the scripts and the tests keep the real package.

type Node = { host: string; port: number | string; protocol: string; path?: string; url?: string };
type ServerOptions = {
  nodes?: Node[];
  nearestNode?: Node;
  apiKey: string;
  numRetries?: number;
  retryIntervalSeconds?: number;
  connectionTimeoutSeconds?: number;
  cacheSearchResultsForSeconds?: number;
  sendApiKeyAsQueryParam?: boolean;
  additionalHeaders?: Record<string, string>;
};
type Params = Record<string, unknown>;
type PerformOptions = { cacheSearchResultsForSeconds?: number; abortSignal?: AbortSignal };

/** An HTTP error from the search engine, with the status as typesense-js's errors carry it. */
export class TypesenseHttpError extends Error {
  httpStatus: number;
  constructor(status: number, message: string) {
    super(`Request failed with HTTP code ${status} | Server said: ${message}`);
    this.name = 'TypesenseHttpError';
    this.httpStatus = status;
  }
}

/** Arrays become comma-joined strings (typesense-js normalizeArrayableParams); undefined values are left out. */
export function normaliseParams(params: Params): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    out[key] = Array.isArray(value) ? value.join(',') : value;
  }
  return out;
}

export function nodeUrl(node: Node): string {
  if (node.url) return node.url.replace(/\/+$/, '');
  return `${node.protocol}://${node.host}:${node.port}${node.path ?? ''}`;
}

const MAX_CACHED = 100;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class SearchClient {
  readonly multiSearch: {
    perform: (searches: { searches: Params[]; union?: boolean }, commonParams?: Params, options?: PerformOptions) => Promise<unknown>;
    clearCache: () => void;
  };
  private readonly options: ServerOptions;
  private readonly nodes: Node[];
  private nextNode = 0;
  private readonly cache = new Map<string, { at: number; answer: Promise<unknown> }>();
  /** Injected in tests. */
  fetch: typeof fetch = (...args) => globalThis.fetch(...args);
  now: () => number = () => Date.now();

  constructor(options: ServerOptions) {
    this.options = options;
    this.nodes = options.nearestNode ? [options.nearestNode, ...(options.nodes ?? [])] : [...(options.nodes ?? [])];
    if (!this.nodes.length) throw new Error('Typesense: at least one node is needed');
    this.multiSearch = {
      perform: (searches, commonParams = {}, performOptions = {}) => this.perform(searches, commonParams, performOptions),
      clearCache: () => this.cache.clear(),
    };
  }

  private perform(searches: { searches: Params[]; union?: boolean }, commonParams: Params, options: PerformOptions): Promise<unknown> {
    const body = JSON.stringify({
      ...(searches.union !== undefined ? { union: searches.union } : {}),
      searches: searches.searches.map(normaliseParams),
    });
    const query = new URLSearchParams();
    if (this.options.sendApiKeyAsQueryParam !== false) query.set('x-typesense-api-key', this.options.apiKey);
    for (const [key, value] of Object.entries(normaliseParams(commonParams))) query.set(key, String(value));
    const seconds = options.cacheSearchResultsForSeconds ?? this.options.cacheSearchResultsForSeconds ?? 0;
    const key = `${query}\n${body}`;
    if (seconds > 0) {
      const hit = this.cache.get(key);
      if (hit && this.now() - hit.at < seconds * 1000) return hit.answer;
    }
    const answer = this.request(`/multi_search?${query}`, body, options.abortSignal);
    if (seconds > 0) {
      this.cache.delete(key);
      this.cache.set(key, { at: this.now(), answer });
      if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
      answer.catch(() => this.cache.delete(key));
    }
    return answer;
  }

  private async request(path: string, body: string, signal?: AbortSignal): Promise<unknown> {
    const retries = this.options.numRetries ?? this.nodes.length + 1;
    const pause = (this.options.retryIntervalSeconds ?? 0.1) * 1000;
    const timeout = (this.options.connectionTimeoutSeconds ?? 5) * 1000;
    const headers: Record<string, string> = { 'content-type': 'text/plain', ...this.options.additionalHeaders };
    if (this.options.sendApiKeyAsQueryParam === false) headers['x-typesense-api-key'] = this.options.apiKey;
    let lastError: unknown;
    for (let attempt = 0; attempt <= retries; attempt++) {
      const node = this.nodes[this.nextNode % this.nodes.length]!;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeout);
      const abort = () => controller.abort();
      signal?.addEventListener('abort', abort);
      try {
        const response = await this.fetch(nodeUrl(node) + path, { method: 'POST', headers, body, signal: controller.signal });
        const text = await response.text();
        let data: unknown = text;
        try {
          data = text ? JSON.parse(text) : {};
        } catch {
          // Not JSON: kept as text for the error message.
        }
        if (response.ok) return data;
        const message = (data as { message?: string })?.message ?? String(text);
        if (response.status < 500) throw new TypesenseHttpError(response.status, message);
        lastError = new TypesenseHttpError(response.status, message);
      } catch (error) {
        if (error instanceof TypesenseHttpError && error.httpStatus < 500) throw error;
        if (signal?.aborted) throw error;
        lastError = error;
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
      }
      this.nextNode++;
      if (attempt < retries) await wait(pause);
    }
    throw lastError;
  }
}

export default { SearchClient };
