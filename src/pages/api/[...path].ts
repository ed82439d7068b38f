// Every /api/** request lands here after src/middleware.ts has checked route, method, body and token.
import type { APIRoute } from 'astro';
import { dispatch } from '../../server/api.ts';
import { errorResponse } from '../../server/http/reply.ts';

export const prerender = false;

export const ALL: APIRoute = async ({ locals }) => {
  // The middleware always sets this for /api/**; without it the request did not pass the middleware.
  if (!locals.api) return errorResponse(404, 'Deze API-route bestaat niet.').toResponse();
  return (await dispatch(locals.api)).toResponse();
};
