// The read cache's memory: bounded by bytes, scoped invalidation, one build for concurrent misses, and no build
// that overlapped an invalidation may store what it read.
import { describe, expect, it } from "vitest";
import { CacheStore, scopeOf } from "./cache-store";

const answer = (size: number, label = "") => ({ size, label });

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe("read cache store", () => {
  it("groups keys in scopes", () => {
    expect(scopeOf("story:12:read")).toBe("story:12");
    expect(scopeOf("story:12:page")).toBe("story:12");
    expect(scopeOf("read:12")).toBe("story:12");
    expect(scopeOf("discover:sort=new")).toBe("discover");
    expect(scopeOf("discover:[12]")).toBe("discover");
    expect(scopeOf("other")).toBe("other");
    // An author page, even for a name of digits only (never story 1234's).
    expect(scopeOf("author:mika")).toBe("authors");
    expect(scopeOf("author:1234")).toBe("authors");
  });

  it("keeps at most a scope's cap of entries, its least recently used going first, and leaves other scopes", async () => {
    const store = new CacheStore<ReturnType<typeof answer>>({
      maxBytes: 100_000,
      maxAgeMs: 60_000,
      maxScopeEntries: { discover: 3 },
    });
    await store.fill("read:1", async () => answer(10, "story"));
    for (const n of [1, 2, 3]) await store.fill(`discover:${n}`, async () => answer(10, `list ${n}`));
    expect(store.get("discover:1")?.label).toBe("list 1"); // now the most recently used of the three
    await store.fill("discover:4", async () => answer(10, "list 4"));
    await store.fill("discover:5", async () => answer(10, "list 5"));
    expect(
      ["discover:1", "discover:2", "discover:3", "discover:4", "discover:5"].map((k) => store.get(k)?.label),
    ).toEqual(["list 1", undefined, undefined, "list 4", "list 5"]);
    expect(store.get("read:1")?.label).toBe("story");
    expect(store.size).toEqual({ entries: 4, bytes: 40 });
    // A thousand more lists still leave three, and the story.
    for (let n = 6; n < 1006; n++) await store.fill(`discover:${n}`, async () => answer(10));
    expect(store.size).toEqual({ entries: 4, bytes: 40 });
    expect(store.get("read:1")?.label).toBe("story");
    store.invalidate("discover");
    expect(store.size).toEqual({ entries: 1, bytes: 10 });
  });

  it("evicts the least recently used entries past its byte bound", async () => {
    const store = new CacheStore<ReturnType<typeof answer>>({ maxBytes: 800, maxAgeMs: 60_000 });
    await store.fill("story:1:read", async () => answer(100));
    await store.fill("story:2:read", async () => answer(100));
    await store.fill("story:3:read", async () => answer(100));
    store.get("story:1:read"); // now 2 is the least recently used
    for (let i = 4; i <= 9; i++) await store.fill(`story:${i}:read`, async () => answer(100));
    expect(store.size.bytes).toBeLessThanOrEqual(800);
    expect(store.get("story:2:read")).toBeUndefined();
    expect(store.get("story:1:read")).toBeDefined();
    expect(store.get("story:9:read")).toBeDefined();
  });

  it("never keeps an entry bigger than an eighth of its bound", async () => {
    const store = new CacheStore<ReturnType<typeof answer>>({ maxBytes: 800, maxAgeMs: 60_000 });
    await store.fill("story:1:read", async () => answer(101));
    expect(store.get("story:1:read")).toBeUndefined();
  });

  it("drops entries past their age", async () => {
    let now = 0;
    const store = new CacheStore<ReturnType<typeof answer>>({ maxBytes: 800, maxAgeMs: 1_000, now: () => now });
    await store.fill("story:1:read", async () => answer(10));
    now = 999;
    expect(store.get("story:1:read")).toBeDefined();
    now = 1_000;
    expect(store.get("story:1:read")).toBeUndefined();
  });

  it("invalidates a scope without touching the others", async () => {
    const store = new CacheStore<ReturnType<typeof answer>>({ maxBytes: 8000, maxAgeMs: 60_000 });
    await store.fill("story:1:read", async () => answer(10));
    await store.fill("story:1:page", async () => answer(10));
    await store.fill("story:2:read", async () => answer(10));
    await store.fill("discover:new", async () => answer(10));
    store.invalidate("story:1");
    expect(store.get("story:1:read")).toBeUndefined();
    expect(store.get("story:1:page")).toBeUndefined();
    expect(store.get("story:2:read")).toBeDefined();
    expect(store.get("discover:new")).toBeDefined();
    expect(store.size).toEqual({ entries: 2, bytes: 20 });
  });

  it("builds once for concurrent misses", async () => {
    const store = new CacheStore<ReturnType<typeof answer>>({ maxBytes: 8000, maxAgeMs: 60_000 });
    let builds = 0;
    const { open, opened } = gate();
    const build = async () => {
      builds++;
      await opened;
      return answer(10);
    };
    const both = Promise.all([store.fill("story:1:read", build), store.fill("story:1:read", build)]);
    open();
    const [a, b] = await both;
    expect(a).toBe(b);
    expect(builds).toBe(1);
  });

  it("does not keep a build that overlapped an invalidation of its scope, and starts a new one after it", async () => {
    const store = new CacheStore<ReturnType<typeof answer>>({ maxBytes: 8000, maxAgeMs: 60_000 });
    const { open, opened } = gate();
    const before = store.fill("story:1:read", async () => {
      await opened; // read the old row, then the write commits and invalidates
      return answer(10, "old");
    });
    store.invalidate("story:1");
    const after = store.fill("story:1:read", async () => answer(10, "new"));
    open();
    expect((await before).label).toBe("old"); // that request began before the write: it may see the old row
    expect((await after).label).toBe("new");
    expect(store.get("story:1:read")?.label).toBe("new");
  });

  it("keeps a build whose invalidation came before it started (invalidated after the commit)", async () => {
    const store = new CacheStore<ReturnType<typeof answer>>({ maxBytes: 8000, maxAgeMs: 60_000 });
    store.invalidate("story:1");
    await store.fill("story:1:read", async () => answer(10, "new"));
    expect(store.get("story:1:read")?.label).toBe("new");
  });

  it("keeps nothing while invalidations may be missed, and starts empty when they are heard again", async () => {
    const store = new CacheStore<ReturnType<typeof answer>>({ maxBytes: 8000, maxAgeMs: 60_000 });
    await store.fill("story:1:read", async () => answer(10));
    const { open, opened } = gate();
    const inFlight = store.fill("story:2:read", async () => {
      await opened;
      return answer(10);
    });
    store.setKeeping(false);
    expect(store.get("story:1:read")).toBeUndefined();
    await store.fill("story:3:read", async () => answer(10));
    expect(store.get("story:3:read")).toBeUndefined();
    open();
    await inFlight;
    expect(store.get("story:2:read")).toBeUndefined();
    store.setKeeping(true);
    await store.fill("story:3:read", async () => answer(10));
    expect(store.get("story:3:read")).toBeDefined();
  });
});
