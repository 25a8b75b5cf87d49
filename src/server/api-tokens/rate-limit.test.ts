// The per-token limit's leases (rate-limit.ts), on PGlite and PostgreSQL: two instances sharing one counter never let
// more than the limit through, taking turns or racing, and spend all of it between them; a lease is a third of what
// is left, so a raised limit costs one write for hundreds of requests (the bearer read path's budget, bench/run.ts
// read-token).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { throttles } from "../db/schema";
import { DB_KINDS, openTestDatabase } from "../test/database";
import { TokenRateLimiter, tokenThrottleKey } from "./rate-limit";

describe.each(DB_KINDS)("[%s] TokenRateLimiter", (kind) => {
  let database: Database;
  const at = new Date("2026-11-29T12:00:00Z");
  const now = () => at;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  const counted = async (tokenId: number) =>
    (
      await database.db
        .select()
        .from(throttles)
        .where(eq(throttles.key, tokenThrottleKey(tokenId)))
    )[0]?.count;

  it("lets exactly the limit through two instances taking turns, then refuses on both", async () => {
    const instances = [1, 2].map(() => new TokenRateLimiter(database.db, now, 30, 60_000));
    const allowed: boolean[] = [];
    for (let i = 0; i < 80; i++) allowed.push((await instances[i % 2]!.take(1)).allowed);
    expect(allowed.filter(Boolean)).toHaveLength(30);
    expect(allowed.slice(-10)).toEqual(Array(10).fill(false));
  });

  it("never lets more than the limit through 200 requests racing on two instances, and spends it all after", async () => {
    const instances = [1, 2].map(() => new TokenRateLimiter(database.db, now, 50, 60_000));
    const raced = await Promise.all(Array.from({ length: 200 }, (_, i) => instances[i % 2]!.take(3)));
    const racedThrough = raced.filter((verdict) => verdict.allowed).length;
    expect(racedThrough).toBeLessThanOrEqual(50);
    // What the race leased and did not spend is still there for the next requests: never more than the limit in all.
    const after: boolean[] = [];
    for (let i = 0; i < 100; i++) after.push((await instances[i % 2]!.take(3)).allowed);
    expect(racedThrough + after.filter(Boolean).length).toBe(50);
  });

  it("leases a third of what is left, so a raised limit writes once for hundreds of requests", async () => {
    const limiter = new TokenRateLimiter(database.db, now, 1_000_000, 60_000);
    for (let i = 0; i < 500; i++) await limiter.take(2);
    expect(await counted(2)).toBe(333_334);
    const verdict = await limiter.take(2);
    expect(verdict).toMatchObject({ allowed: true, limit: 1_000_000, remaining: 1_000_000 - 501, resetMs: 60_000 });
  });
});
