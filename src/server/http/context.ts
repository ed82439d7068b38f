// What the middleware learns about an /api/** request and hands to the handlers through Astro's `locals`.
import type { Readable } from 'node:stream';
import type { TokenClaims } from './tokens.ts';
import type { ApiReply } from './reply.ts';
import type { HttpMethod } from './router.ts';
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
  /** The parsed JSON body (or, on routes that take HTML forms, the form's fields); undefined when the request had none, and on routes whose body is streamed. */
  body: unknown;
  /** The body came from an HTML form (application/x-www-form-urlencoded or multipart/form-data), not JSON. */
  bodyIsForm: boolean;
  /** The unread body of a route that streams it (multipart uploads, marked `multipart` in routes.ts); null elsewhere. */
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
