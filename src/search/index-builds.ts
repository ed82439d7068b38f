// When a collection's index is (re)built. A write only bumps the collection's version; once writes pause for
// `quietMs` (or an import releases its hold), one build starts over a snapshot of the documents and runs in slices
// (slices.ts) between which the event loop serves other requests. Searches meanwhile answer from the last complete
// generation, which the finished build replaces. Latest wins: a write during a build makes it stale, it stops at
// its next slice and a new one starts after the writes pause, so a burst of imports builds once and at most two
// generations of a collection live at a time (the current one and the one being built).
import { BACKGROUND, runSliced, type SliceScheduler, type Steps } from './slices.ts';

/** Fields searches have used (`column:brand`, `text:name`): builds make them ahead so that no search waits for one. */
export type WarmFields = Set<string>;

export type BuildOptions = {
  /** Quiet time after the last write before a build starts (a burst of imports builds once). */
  quietMs: number;
  scheduler: SliceScheduler;
};

const DEFAULTS: BuildOptions = { quietMs: 50, scheduler: BACKGROUND };

type Waiter = { version: number | 'any'; resolve: () => void };

export class IndexBuilds<G> {
  private gen: G | null = null;
  /** Bumped by every write; `builtVersion` is the version `gen` holds, `running` the one being built. */
  private version = 0;
  private builtVersion = -1;
  private running: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private holds = 0;
  private disposed = false;
  private waiters: Waiter[] = [];
  private readonly options: BuildOptions;
  private readonly make: () => G;
  private readonly prepare: (gen: G) => Steps<void>;
  /** Builds completed (for tests and the bench). */
  completed = 0;

  constructor(make: () => G, prepare: (gen: G) => Steps<void>, options: Partial<BuildOptions> = {}) {
    this.make = make;
    this.prepare = prepare;
    this.options = { ...DEFAULTS, ...options };
  }

  /** The last complete generation; when there has never been one, one is made now (its fields built lazily). */
  current(): G {
    if (this.gen === null) this.install(this.make(), this.version);
    return this.gen!;
  }

  get hasGeneration(): boolean {
    return this.gen !== null;
  }

  changed(): void {
    this.version++;
    this.schedule(this.options.quietMs);
  }

  hold(): () => void {
    this.holds++;
    this.clearTimer();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      if (this.builtVersion < this.version) this.schedule(this.options.quietMs);
    };
  }

  searchable(): Promise<void> {
    if (this.gen !== null || this.disposed) return Promise.resolve();
    return this.wait('any');
  }

  upToDate(): Promise<void> {
    if (this.builtVersion >= this.version || this.disposed) return Promise.resolve();
    return this.wait(this.version);
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
    for (const w of this.waiters.splice(0)) w.resolve();
  }

  private wait(version: number | 'any'): Promise<void> {
    // Someone waits: no need for the quiet time, unless an import still holds builds back.
    if (this.running !== this.version) this.schedule(0);
    return new Promise((resolve) => this.waiters.push({ version, resolve }));
  }

  private schedule(delay: number): void {
    if (this.disposed || this.holds > 0) return;
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.build();
    }, delay);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async build(): Promise<void> {
    const version = this.version;
    if (this.disposed || this.holds > 0 || this.builtVersion >= version || this.running === version) return;
    this.running = version;
    const stale = () => this.disposed || this.version !== version || this.builtVersion >= version;
    try {
      const gen = this.make();
      const result = await runSliced(this.prepare(gen), this.options.scheduler, stale);
      if (result.done && !stale()) this.install(gen, version);
    } catch (error) {
      // A bug in a build must not take the process down; searches keep the previous generation.
      console.error('search index build failed', error);
    } finally {
      if (this.running === version) this.running = null;
    }
  }

  private install(gen: G, version: number): void {
    this.gen = gen;
    this.builtVersion = version;
    this.completed++;
    this.waiters = this.waiters.filter((w) => {
      const ready = w.version === 'any' || w.version <= version;
      if (ready) w.resolve();
      return !ready;
    });
  }
}
