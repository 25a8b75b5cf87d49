// The per-token request limit (TOKEN_RATE_LIMIT), counted in the throttles table so every instance shares it, but
// not with a write per request: an instance leases a share of what is left in the window with one atomic upsert
// (the counter of accounts/throttle.ts, raised by the share) and spends it in process, leasing the next share in the
// background when a quarter of this one is left. The share is a third of what was left, so it shrinks to one near
// the limit, and a share an instance leases but never spends only makes the limit stricter, never looser
// (docs/decisions/0109-api-tokens.md). NOTE: the share scales with the limit: a fixed cap (an eighth, at most 32;
// then at most 100) made a raised limit cost a write every 25–75 requests, which the bearer read path paid for
// (bench/run.ts read-token).
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { throttles } from "../db/schema";

const LEASE_SHARE = 3;
/** Tokens tracked before spent windows are swept out. */
const MAX_TRACKED = 10_000;

export interface RateVerdict {
  allowed: boolean;
  limit: number;
  /** Requests left in this window as this instance knows it (what it leased and has not spent, and the rest). */
  remaining: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}

interface Lease {
  windowEndsAt: number;
  /** Requests leased and not yet spent. */
  left: number;
  /** What the shared counter had left after this instance's last lease. */
  unleased: number;
  /** Below this many left, the next lease is taken in the background. */
  refillBelow: number;
}

export const tokenThrottleKey = (tokenId: number) => `api-token:${tokenId}`;

export class TokenRateLimiter {
  private readonly leases = new Map<number, Lease>();
  private readonly refilling = new Map<number, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /**
   * Spends one request of the token's allowance: answered at once while a lease lasts (a lease running low is
   * refilled in the background, off the request), else after one upsert (a token's first request of a window).
   */
  take(tokenId: number, at = this.now().getTime()): RateVerdict | Promise<RateVerdict> {
    const lease = this.leases.get(tokenId);
    if (lease && lease.windowEndsAt > at) {
      if (lease.left > 0) {
        lease.left--;
        if (lease.left <= lease.refillBelow && lease.unleased > 0 && !this.refilling.has(tokenId)) {
          const refill = this.lease(tokenId, this.shareOf(lease.unleased), at)
            .then(() => undefined)
            .catch(() => undefined) // NOTE: a failed refill is retried by the next request that needs one.
            .finally(() => this.refilling.delete(tokenId));
          this.refilling.set(tokenId, refill);
        }
        return this.verdict(true, lease, at);
      }
      // NOTE: the window's allowance is known to be used up: refused without asking until the window ends.
      if (lease.unleased === 0) return this.verdict(false, lease, at);
      const refill = this.refilling.get(tokenId);
      if (refill) return refill.then(() => this.take(tokenId));
      return this.lease(tokenId, this.shareOf(lease.unleased), at, true);
    }
    return this.lease(tokenId, this.shareOf(this.limit), at, true);
  }

  private shareOf(unleased: number): number {
    return Math.max(1, Math.ceil(unleased / LEASE_SHARE));
  }

  /** Leases `share` more; `spend` takes one of them for the request waiting on it. */
  private async lease(tokenId: number, share: number, at: number, spend = false): Promise<RateVerdict> {
    const expired = sql`${throttles.windowEndsAt} <= ${new Date(at).toISOString()}::timestamptz`;
    const [row] = await this.db
      .insert(throttles)
      .values({ key: tokenThrottleKey(tokenId), count: share, windowEndsAt: new Date(at + this.windowMs) })
      .onConflictDoUpdate({
        target: throttles.key,
        set: {
          count: sql`case when ${expired} then ${share} else ${throttles.count} + ${share} end`,
          windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${throttles.windowEndsAt} end`,
        },
      })
      .returning({ count: throttles.count, windowEndsAt: throttles.windowEndsAt });
    const granted = Math.max(0, Math.min(share, this.limit - (row!.count - share)));
    const windowEndsAt = row!.windowEndsAt.getTime();
    const old = this.leases.get(tokenId);
    // Requests of this instance that leased at the same time pool what they got.
    const kept = old && old.windowEndsAt === windowEndsAt ? old.left : 0;
    const lease: Lease = {
      windowEndsAt,
      left: kept + granted,
      unleased: Math.max(0, this.limit - row!.count),
      refillBelow: Math.floor(granted / 4),
    };
    if (this.leases.size >= MAX_TRACKED) this.prune();
    this.leases.set(tokenId, lease);
    if (!spend) return this.verdict(true, lease, at);
    if (lease.left === 0) return this.verdict(false, lease, at);
    lease.left--;
    return this.verdict(true, lease, at);
  }

  private verdict(allowed: boolean, lease: Lease, at: number): RateVerdict {
    return {
      allowed,
      limit: this.limit,
      remaining: lease.left + lease.unleased,
      resetMs: Math.max(0, lease.windowEndsAt - at),
    };
  }

  /** Forgets leases whose window is over (called now and then, so a process's map does not grow without end). */
  prune(): void {
    const at = this.now().getTime();
    for (const [id, lease] of this.leases) if (lease.windowEndsAt <= at) this.leases.delete(id);
  }
}
