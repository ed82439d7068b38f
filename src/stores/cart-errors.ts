// The Dutch messages of the cart store, and how whatever a request throws becomes an ApiError and a message.
import { CART_LOCKED_MESSAGE } from '../domain/texts.ts';
import { ApiError, DEFAULT_ERROR_MESSAGE } from '../domain/errors.ts';

export const messages = {
  failed: 'Het bijwerken van je winkelwagen is niet gelukt. Controleer je verbinding en probeer het opnieuw.',
  forbidden: 'Je winkelwagen kon niet worden opgeslagen, omdat we je niet konden herkennen. Probeer het opnieuw.',
  gone: 'Je winkelwagen bestaat niet meer. We zijn een nieuwe voor je begonnen; voeg je artikelen opnieuw toe.',
  locked: `${CART_LOCKED_MESSAGE} We zijn een nieuwe voor je begonnen.`,
  noCart: 'Je winkelwagen is leeg. Voeg eerst een artikel toe.',
  loadFailed: 'Je winkelwagen kon niet worden geladen. Vernieuw de pagina of probeer het later nog eens.',
} as const;

/** What reaches the store is an ApiError already (apiFetch and the cart rules throw nothing else); anything else
 *  counts as a server failure. (Not the error catalogue's toApiError: its table of texts stays off the product page.) */
export function toApiError(thrown: unknown): ApiError {
  return thrown instanceof ApiError ? thrown : new ApiError(500, DEFAULT_ERROR_MESSAGE);
}

/** The message for the shopper: the first field message, else the summary, else the general one. */
export function errorMessage(error: ApiError): string {
  return error.errors.find((e) => e.errorMessage)?.errorMessage ?? error.summary ?? messages.failed;
}
