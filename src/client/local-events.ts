// Local event storage (SPEC §3, §5): small records the browser keeps between pages, e.g. which search result was
// clicked (the instant-search entry), under localStorage keys that start with app-local-event-. Also the safe
// access to localStorage that the other client modules share.

export const LOCAL_EVENT_PREFIX = 'app-local-event-';
/** About 1 MB: a string takes two bytes per UTF-16 code unit. */
const LOCAL_EVENT_MAX_BYTES = 1_048_576;
export const INSTANT_SEARCH_EVENT = 'instant-search';

/** One clicked search result: enough to tie a later add-to-cart to the search that led to it. */
export type InstantSearchEvent = { objectIds: string[]; indexName: string; queryId: string };

/** The part of the Storage interface the client uses (a Map-backed fake in tests). */
export type StringStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** localStorage, or null where it is missing or blocked (server rendering, some private modes). */
export function safeStorage(): StringStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** Lists are appended to, objects merged field by field; anything else is replaced by the new value. */
export function mergeLocalEvent(old: unknown, next: unknown): unknown {
  if (Array.isArray(old) && Array.isArray(next)) return [...old, ...next];
  if (isPlainObject(old) && isPlainObject(next)) return { ...old, ...next };
  return next;
}

export function readLocalEvent<T = unknown>(key: string, storage: StringStorage | null = safeStorage()): T | null {
  try {
    const raw = storage?.getItem(LOCAL_EVENT_PREFIX + key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function removeLocalEvent(key: string, storage: StringStorage | null = safeStorage()): void {
  try {
    storage?.removeItem(LOCAL_EVENT_PREFIX + key);
  } catch {
    // Blocked storage: nothing to remove.
  }
}

/**
 * Stores `data` under the key, merged with what is there already. When the merged text would pass about 1 MB the
 * new data replaces the old instead. When writing fails (quota), every other local event is removed and the write
 * is tried once more. Returns whether the data was stored.
 */
export function writeLocalEvent(key: string, data: unknown, storage: StringStorage | null = safeStorage()): boolean {
  if (!storage) return false;
  const fullKey = LOCAL_EVENT_PREFIX + key;
  let text = JSON.stringify(mergeLocalEvent(readLocalEvent(key, storage), data));
  if (2 * text.length > LOCAL_EVENT_MAX_BYTES) text = JSON.stringify(data);
  try {
    storage.setItem(fullKey, text);
    return true;
  } catch {
    try {
      const others: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const k = storage.key(i);
        if (k !== null && k !== fullKey && k.startsWith(LOCAL_EVENT_PREFIX)) others.push(k);
      }
      for (const k of others) storage.removeItem(k);
      storage.setItem(fullKey, text);
      return true;
    } catch {
      return false;
    }
  }
}

/** Remembers a clicked search result for the instant-search entry. */
export function recordSearchClick(event: InstantSearchEvent, storage?: StringStorage | null): boolean {
  return writeLocalEvent(INSTANT_SEARCH_EVENT, [event], storage);
}
