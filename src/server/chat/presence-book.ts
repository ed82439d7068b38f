// This instance's part of counts that every instance adds up in the database (storage presence, coordination.ts):
// how many staff streams and how many streams per token and per address this process holds. Each change is written
// at once as this instance's record (holder = its id) and the non-zero ones are renewed (renew(), every few seconds
// by the hub), so that a record of a process that died runs out after `ttlMs`. Writes happen one at a time, in order;
// a failed write is logged and tried again at the next renewal. A count that drops to 0 is written with a lifetime
// of `graceOf(key)` (0: gone at once; the staff key: the grace period during which staff still count as online).
import type { Coordination } from '../storage/coordination.ts';

type PresenceStore = Pick<Coordination, 'setPresence' | 'presence'>;

export type PresenceBookOptions = {
  store: () => PresenceStore;
  /** This instance's id (runtime/topology.ts instanceId()). */
  holder: string;
  /** How long a written non-zero count lives unless renewed. */
  ttlMs: number;
  /** How long a count of 0 is kept as a live record (a grace period), per key. */
  graceOf: (key: string) => number;
  onError: (error: unknown, key: string) => void;
};

export class PresenceBook {
  readonly #options: PresenceBookOptions;
  readonly #counts = new Map<string, number>();
  /** Keys whose last write failed: written again at the next renewal. */
  readonly #dirty = new Set<string>();
  #chain: Promise<unknown> = Promise.resolve();

  constructor(options: PresenceBookOptions) {
    this.#options = options;
  }

  /** Runs `work` after every write and work queued before it, and before any queued after it. Do not queue from
   *  inside `work` (it would wait for itself); use `changeNow` there. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#chain.then(work);
    this.#chain = run.catch(() => {});
    return run;
  }

  /** This instance's count of `key`. */
  count(key: string): number {
    return this.#counts.get(key) ?? 0;
  }

  /** Sets this instance's count of `key` and writes it (queued). Never rejects. */
  set(key: string, count: number): Promise<void> {
    this.#counts.set(key, count);
    return this.exclusive(() => this.#write(key));
  }

  /** Changes this instance's count of `key` by `delta` and writes it (queued). Never rejects. */
  change(key: string, delta: number): Promise<void> {
    this.#counts.set(key, Math.max(0, this.count(key) + delta));
    return this.exclusive(() => this.#write(key));
  }

  /** `change`, from inside `exclusive` work. */
  changeNow(key: string, delta: number): Promise<void> {
    this.#counts.set(key, Math.max(0, this.count(key) + delta));
    return this.#write(key);
  }

  /** Writes the non-zero counts again with a new lifetime, and whatever failed before (queued). */
  renew(): Promise<void> {
    return this.exclusive(async () => {
      for (const key of new Set([...this.#counts.keys(), ...this.#dirty]))
        if (this.count(key) > 0 || this.#dirty.has(key)) await this.#write(key);
    });
  }

  /** Writes every count as 0 (this instance is leaving; queued). */
  clear(): Promise<void> {
    return this.exclusive(async () => {
      for (const key of [...this.#counts.keys()]) {
        this.#counts.set(key, 0);
        await this.#write(key);
      }
    });
  }

  async #write(key: string): Promise<void> {
    const count = this.count(key);
    const untilMs = Date.now() + (count > 0 ? this.#options.ttlMs : this.#options.graceOf(key));
    try {
      await this.#options.store().setPresence(key, this.#options.holder, count, untilMs);
      this.#dirty.delete(key);
      if (this.count(key) === 0) this.#counts.delete(key);
    } catch (error) {
      this.#dirty.add(key);
      this.#options.onError(error, key);
    }
  }
}
