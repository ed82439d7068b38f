// Runs the handler of a prepared request (src/server/gate.ts) as the route table (src/server/routes.ts) says.
import type { ApiRequest } from './http/context.ts';
import { errorResponse, responseFromError, type ApiReply } from './http/reply.ts';
import { ROUTES } from './routes.ts';

/** The handler's answer; a handler's error becomes its error answer. A promise only when the handler is async. */
export function dispatch(request: ApiRequest): ApiReply | Promise<ApiReply> {
  const handler = ROUTES[request.route.route]?.[request.method];
  if (!handler) return errorResponse(404, 'Hier is (nog) geen inhoud voor.');
  try {
    const reply = handler(request);
    return reply instanceof Promise ? reply.then(undefined, responseFromError) : reply;
  } catch (error) {
    return responseFromError(error);
  }
}
