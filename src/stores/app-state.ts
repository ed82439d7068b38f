// The visitor's app state as a store (SPEC §3-4): the defaults until GET /api/app-state/ has answered, which is
// asked once per page after the first client render (ensureAppState, called from an island's effect).
import { atom } from 'nanostores';
import { defaultAppState, forgetAppState, getToken, loadAppState, type AppState } from '../client/app-state.ts';

const $appState = atom<AppState>(defaultAppState());

/** Loads the app state once per page (shared request); the defaults stay when it fails. */
async function ensureAppState(): Promise<AppState> {
  try {
    const state = await loadAppState();
    $appState.set(state);
  } catch {
    // Guest defaults apply; a later call tries again.
  }
  return $appState.get();
}

/** The bearer token for the API, asking the API for one (via the app state) when none is stored yet. */
export async function ensureToken(): Promise<string | null> {
  const stored = getToken();
  if (stored) return stored;
  await ensureAppState();
  return getToken();
}

/** A new token after the API refused ours (401): the app state is asked again with the stale token, and the
 *  API answers with a fresh guest token. */
export async function renewToken(): Promise<string | null> {
  forgetAppState();
  await ensureAppState();
  return getToken();
}
