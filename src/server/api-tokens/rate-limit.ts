// The per-token request limit (TOKEN_RATE_LIMIT), counted in the throttles table so every instance shares it, but
// not with a write per request: an instance leases a share of what is left in the window with one atomic upsert
// (the counter of accounts/throttle.ts, raised by the share) and spends it in process. The share is an eighth of
// what was left (at most MAX_LEASE), so it shrinks to one near the limit, and a share an instance leases but never
// spends only makes the limit stricter, never looser (docs/decisions/0109-api-tokens.md).
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { throttles } from "../db/schema";

const MAX_LEASE = 32;
const LEASE_SHARE = 8;
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
}

export const tokenThrottleKey = (tokenId: number) => `api-token:${tokenId}`;

export class TokenRateLimiter {
  private readonly leases = new Map<number, Lease>();

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Spends one request of the token's allowance: answered at once while a lease lasts, else after one upsert. */
  take(tokenId: number): RateVerdict | Promise<RateVerdict> {
    const at = this.now().getTime();
    const lease = this.leases.get(tokenId);
    if (lease && lease.windowEndsAt > at) {
      if (lease.left > 0) {
        lease.left--;
        return this.verdict(true, lease, at);
      }
      // NOTE: the window's allowance is known to be used up: refused without asking until the window ends.
      if (lease.unleased === 0) return this.verdict(false, lease, at);
    }
    const share = lease && lease.windowEndsAt > at ? Math.ceil(lease.unleased / LEASE_SHARE) : 1;
    return this.lease(tokenId, Math.min(share, MAX_LEASE), at);
  }

  private async lease(tokenId: number, share: number, at: number): Promise<RateVerdict> {
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
    const lease: Lease = { windowEndsAt, left: kept + granted, unleased: Math.max(0, this.limit - row!.count) };
    if (this.leases.size >= MAX_TRACKED) this.prune();
    this.leases.set(tokenId, lease);
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
