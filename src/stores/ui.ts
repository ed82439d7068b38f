// Shared UI state of the islands: the remote-cart error dialog (SPEC §2, §4, §8). It opens after more than two
// consecutive 403 answers of the cart API; closing it starts the count again.
import { atom } from 'nanostores';

/** More than this many 403s in a row open the dialog. */
const FORBIDDEN_LIMIT = 2;

export const $remoteCartErrorOpen = atom(false);
/** Consecutive 403 answers of the cart API. */
export const $forbiddenCount = atom(0);

/** Counts a 403; opens the dialog once the count passes the limit. */
export function countForbidden(): void {
  const count = $forbiddenCount.get() + 1;
  $forbiddenCount.set(count);
  if (count > FORBIDDEN_LIMIT) $remoteCartErrorOpen.set(true);
}

/** Any other answer breaks the run of 403s. */
export function clearForbidden(): void {
  if ($forbiddenCount.get() !== 0) $forbiddenCount.set(0);
}

export function closeRemoteCartError(): void {
  $remoteCartErrorOpen.set(false);
  $forbiddenCount.set(0);
}
