// Signed-out reading per client address: one budget a minute shared by public story, chapter, author and tag pages,
// feeds and EPUB downloads, so a scraper cannot walk the archive while a person reading fast never meets it.
// NOTE: in memory, per instance: with N instances behind a balancer an address gets up to N budgets (a
// balancer that keeps an address on one instance gives one). Memory is bounded: at most `maxAddresses` are
// tracked a minute; past that a new address is not counted until the next minute (an attacker with that many
// addresses is past what a per-address limit can stop; `overflowed` counts them for /metrics).

export interface ReadLimitOptions {
  /** Requests an address may make in one window. */
  max: number;
  windowMs: number;
  maxAddresses: number;
}

export const READ_LIMIT_DEFAULTS: ReadLimitOptions = { max: 300, windowMs: 60_000, maxAddresses: 100_000 };

export interface ReadLimitStats {
  /** Requests answered 429. */
  limited: number;
  /** Requests from addresses not tracked because the window's table was full. */
  overflowed: number;
  /** Requests refused because their User-Agent names an AI crawler. */
  crawlersRefused: number;
}

export class ReadLimit {
  readonly stats: ReadLimitStats = { limited: 0, overflowed: 0, crawlersRefused: 0 };
  /** Off when the operator sets no limit (PUBLIC_READS_PER_MINUTE=0: a proxy in front limits instead), and in bench. */
  enabled: boolean;
  private counts = new Map<string, number>();
  private windowStart = 0;

  constructor(
    private readonly options: ReadLimitOptions,
    private readonly now: () => number,
  ) {
    this.enabled = options.max > 0;
  }

  /** Counts one request from `address`: 0 when allowed, else the milliseconds until the budget comes back. */
  hit(address: string): number {
    if (!this.enabled) return 0;
    const now = this.now();
    if (now - this.windowStart >= this.options.windowMs) {
      // NOTE: a fixed window, dropped whole: no per-address timers, no sweeps; a new Map frees the old at once.
      this.counts = new Map();
      this.windowStart = now;
    }
    const count = this.counts.get(address);
    if (count === undefined) {
      if (this.counts.size >= this.options.maxAddresses) {
        this.stats.overflowed += 1;
        return 0;
      }
      this.counts.set(address, 1);
      return 0;
    }
    if (count >= this.options.max) {
      this.stats.limited += 1;
      return Math.max(1, this.windowStart + this.options.windowMs - now);
    }
    this.counts.set(address, count + 1);
    return 0;
  }

  /** Addresses tracked in the current window. */
  get tracked(): number {
    return this.counts.size;
  }
}
