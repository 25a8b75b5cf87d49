// The read cache's memory: ready-to-send answers by key, bounded by bytes (least recently used go first), grouped
// in scopes that invalidation drops together, and the builds in flight, so a build that began before a write
// cannot store what it read after the write's invalidation (it is marked stale and its answer is not kept).

/** What an entry holds; `size` counts every buffer it keeps. */
export interface StoredAnswer {
  size: number;
}

interface Slot<T extends StoredAnswer> {
  answer: T;
  scope: string;
  expiresAt: number;
}

interface Flight<T> {
  scope: string;
  promise: Promise<T>;
  stale: boolean;
}

export interface CacheStoreOptions {
  maxBytes: number;
  /** A safety net for writes nobody announced (e.g. a renamed author); announced writes drop entries at once. */
  maxAgeMs: number;
  /**
   * At most this many entries in a scope (its least recently used go first), e.g. Discover's lists, whose filter
   * combinations are unbounded: however many a crawler asks for, they cannot push the read views out.
   */
  maxScopeEntries?: Readonly<Record<string, number>>;
  now?: () => number;
}

const STORY_KEY = /^[a-z-]+:(\d+)(?::|$)/;

/**
 * `discover:…` belongs to `discover`, `author:…` to `authors`; a key whose second part is a number is that story's (`story:12:read`,
 * `read:12` and `page:12` all belong to `story:12`); any other key is its own scope, dropped only by clear().
 */
export function scopeOf(key: string): string {
  if (key.startsWith("discover:")) return "discover";
  // NOTE: before the story rule: a username may be all digits (`author:1234` is no story's).
  if (key.startsWith("author:")) return "authors";
  const story = STORY_KEY.exec(key);
  return story ? `story:${story[1]}` : key;
}

export class CacheStore<T extends StoredAnswer> {
  private readonly slots = new Map<string, Slot<T>>();
  private readonly scopes = new Map<string, Set<string>>();
  private readonly flights = new Map<string, Flight<T>>();
  private bytes = 0;
  /** False while invalidations may be missed (the notification connection is down): build, never keep. */
  private keeping = true;
  private readonly now: () => number;

  constructor(private readonly options: CacheStoreOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.slots.size, bytes: this.bytes };
  }

  get(key: string): T | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    if (slot.expiresAt <= this.now()) {
      this.remove(key);
      return undefined;
    }
    // NOTE: re-inserting moves the key to the end of the Map's order: the front is the least recently used.
    this.slots.delete(key);
    this.slots.set(key, slot);
    if (this.options.maxScopeEntries?.[slot.scope] !== undefined) {
      // The scope's own order, for its cap (a Set keeps insertion order too).
      const keys = this.scopes.get(slot.scope);
      keys?.delete(key);
      keys?.add(key);
    }
    return slot.answer;
  }

  /** The key's answer, built once for all concurrent callers; kept unless its scope was invalidated meanwhile. */
  fill(key: string, build: () => Promise<T>): Promise<T> {
    const running = this.flights.get(key);
    if (running) return running.promise;
    const flight: Flight<T> = {
      scope: scopeOf(key),
      promise: undefined as unknown as Promise<T>,
      stale: !this.keeping,
    };
    flight.promise = (async () => {
      try {
        const answer = await build();
        if (!flight.stale) this.put(key, flight.scope, answer);
        return answer;
      } finally {
        if (this.flights.get(key) === flight) this.flights.delete(key);
      }
    })();
    this.flights.set(key, flight);
    return flight.promise;
  }

  /** Drops the scope's entries and disowns its builds in flight. */
  invalidate(scope: string): void {
    for (const key of this.scopes.get(scope) ?? []) this.remove(key);
    for (const [key, flight] of this.flights) {
      if (flight.scope !== scope) continue;
      flight.stale = true;
      this.flights.delete(key);
    }
  }

  clear(): void {
    this.slots.clear();
    this.scopes.clear();
    this.bytes = 0;
    for (const flight of this.flights.values()) flight.stale = true;
    this.flights.clear();
  }

  /** Stops (false) or resumes (true) keeping answers; both clear, since invalidations may have been missed. */
  setKeeping(keeping: boolean): void {
    this.keeping = keeping;
    this.clear();
  }

  private put(key: string, scope: string, answer: T): void {
    if (answer.size > this.options.maxBytes / 8) return; // one huge story must not flush the rest
    this.remove(key);
    this.slots.set(key, { answer, scope, expiresAt: this.now() + this.options.maxAgeMs });
    const keys = this.scopes.get(scope) ?? new Set<string>();
    this.scopes.set(scope, keys);
    keys.add(key);
    this.bytes += answer.size;
    const cap = this.options.maxScopeEntries?.[scope];
    if (cap !== undefined) {
      for (const oldest of keys) {
        if (keys.size <= cap) break;
        this.remove(oldest);
      }
    }
    for (const oldest of this.slots.keys()) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldest);
    }
  }

  /** Adds bytes to an entry that grew (an encoded form made on first demand). */
  grew(key: string, answer: T, bytes: number): void {
    if (this.slots.get(key)?.answer !== answer) return;
    answer.size += bytes;
    this.bytes += bytes;
  }

  private remove(key: string): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    this.slots.delete(key);
    this.bytes -= slot.answer.size;
    const keys = this.scopes.get(slot.scope);
    keys?.delete(key);
    if (keys?.size === 0) this.scopes.delete(slot.scope);
  }
}
