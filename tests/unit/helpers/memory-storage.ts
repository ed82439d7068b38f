// Web Storage in memory, for the browser modules that take a storage (local and session storage alike).
import type { StringStorage } from '../../../src/client/local-events.ts';

export type MemoryStorage = StringStorage & { map: Map<string, string> };

export function memoryStorage(entries: Record<string, string> | [string, string][] = []): MemoryStorage {
  const map = new Map(Array.isArray(entries) ? entries : Object.entries(entries));
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}
