// What the middleware learns about an /api/** request and hands to the handlers through Astro's `locals`.
import type { Readable } from 'node:stream';
import type { TokenClaims } from './auth.ts';
import type { ApiReply } from './http.ts';
import type { HttpMethod } from './permissions.ts';
import type { RouteMatch } from './router.ts';

export type TokenState = 'none' | 'valid' | 'invalid';

/** The request headers, as far as handlers read them (a web Headers object fits). */
export type ApiHeaders = { get(name: string): string | null };

export type ApiRequest = {
  route: RouteMatch;
  method: HttpMethod;
  url: URL;
  headers: ApiHeaders;
  /** The token's claims when the request carried a valid one. */
  auth: TokenClaims | null;
  tokenState: TokenState;
  /** The parsed JSON body; undefined when the request had none, and on routes whose body is streamed. */
  body: unknown;
  /** The unread body of a route that streams it (multipart uploads, see STREAMED_BODY in gate.ts); null elsewhere. */
  bodyStream: Readable | null;
  clientAddress: string;
};

declare global {
  namespace App {
    interface Locals {
      api?: ApiRequest;
    }
  }
}

export type Handler = (request: ApiRequest) => ApiReply | Promise<ApiReply>;
