// Read replicas against a real streaming replica (decision 0065): the test starts its own primary, makes the replica
// with pg_basebackup -R, and checks that public reads come from the replica, that a writer reads their own write
// while the replica has not replayed it, that a replica lagging past the bound is skipped, and that a replica that
// stops leaves every request answered by the primary.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { createTestApp, send, type TestContext } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { type Cluster, type ClusterSet, PG_BIN, startPrimary } from "../test/pg-cluster";
import { sql } from "drizzle-orm";
import { openDatabase } from "./client";
import { parseLsn } from "./replicas";
import { WROTE_COOKIE } from "../http/read-your-writes";

// NOTE: long enough for the checks made while replay is paused to finish within it on a loaded machine.
const MAX_LAG_MS = 4_000;
const PROBE_MS = 100;

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!PG_BIN)(
  "[postgres] read replicas (skipped where PostgreSQL's server binaries are not installed)",
  () => {
    let clusters: ClusterSet;
    let ctx: TestContext;
    let replicaAdmin: pg.Client;
    let replicaCluster: Cluster;
    let stopped = false;

    beforeAll(async () => {
      clusters = await startPrimary();
      // Migrated before the base backup, so the replica starts with the schema.
      const url = clusters.primary.url();
      await (await openDatabase({ kind: "postgres", url, poolSize: 1 })).close();
      const replica = clusters.makeReplica();
      replicaCluster = replica;
      replica.start();
      const database = await openDatabase({
        kind: "postgres",
        url,
        poolSize: 4,
        readUrls: [replica.url()],
        replicaMaxLagMs: MAX_LAG_MS,
        replicaProbeMs: PROBE_MS,
      });
      ctx = await createTestApp("postgres", {
        database,
        env: { REPLICA_MAX_LAG_MS: String(MAX_LAG_MS), REPLICA_PROBE_MS: String(PROBE_MS) },
      });
      replicaAdmin = new pg.Client({ connectionString: replica.url() });
      replicaAdmin.on("error", () => {});
      await replicaAdmin.connect();
    }, 60_000);

    afterAll(async () => {
      if (!stopped) await replicaAdmin?.end().catch(() => undefined);
      await ctx?.app.close();
      await ctx?.database.close();
      clusters?.remove();
    });

    /** The titles on Discover's newest list as `cookie`'s browser sees them: a new limit each time, never cached. */
    let asked = 0;
    const newest = async (cookie?: string) => {
      const url = `/api/published-stories?sort=new&limit=${20 + (asked++ % 30)}`;
      const response = await send(ctx.app, "GET", url, undefined, { ...(cookie ? { cookie } : {}) });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as Array<{ title: string }>).map((story) => story.title);
    };
    /** The story's read view for a signed-out reader: kept in the read cache once built. */
    const readTitle = async (id: number) => (await send(ctx.app, "GET", `/api/stories/${id}/read`)).json().title;
    const replica = () => ctx.database.replicas!.states()[0]!;

    it("reads from the replica, reads a writer's own write from the primary, skips a lagging or stopped replica", async () => {
      const db = ctx.database.db;
      const author = await createVerifiedUserWithSession(db, { username: "lamplighter" });
      const story = await createStory(db, {
        authorId: author.user.id,
        title: "Before the storm",
        published: true,
        publishedAt: new Date(),
      });
      // On the replica itself, and the probe has seen it caught up (a list could come from the primary before).
      const onReplica = "select 1 from stories where title = 'Before the storm'";
      await until("the replica has the story", async () => (await replicaAdmin.query(onReplica)).rowCount === 1);
      await until("the replica in use", () => replica().up && replica().lagMs === 0);

      // Replay paused: the primary goes on, the replica stays where it is.
      await replicaAdmin.query("select pg_wal_replay_pause()");
      await until(
        "replay paused",
        async () => (await replicaAdmin.query("select pg_get_wal_replay_pause_state() as s")).rows[0].s === "paused",
      );
      await createStory(db, {
        authorId: author.user.id,
        title: "Written behind its back",
        published: true,
        publishedAt: new Date(),
      });
      // A signed-out reader's list comes from the replica: without the story the primary already has.
      expect(await newest()).not.toContain("Written behind its back");

      // The author saves: the answer carries the write's WAL position, and their next reads come from the primary.
      const save = await send(
        ctx.app,
        "PATCH",
        `/api/stories/${story.id}`,
        { title: "After the storm" },
        author.headers,
      );
      expect(save.statusCode, save.body).toBe(200);
      const wrote = save.cookies.find((cookie) => cookie.name === WROTE_COOKIE);
      expect(wrote?.value).toMatch(/^[0-9A-F]+\/[0-9A-F]+\./);
      const withWrote = `${author.cookie}; ${WROTE_COOKIE}=${wrote!.value}`;
      expect(await newest(withWrote)).toContain("After the storm");
      // The same author without the cookie (another browser), and every other reader, still see the replica's list.
      expect(await newest(author.cookie)).toContain("Before the storm");
      expect(await newest()).not.toContain("After the storm");
      // A forged position is ignored: that browser reads from the replica like anyone else.
      expect(await newest(`${WROTE_COOKIE}=0/1.${"A".repeat(43)}`)).toContain("Before the storm");
      // The save dropped the read view from the cache; rebuilt now from the replica, it is the old one, and kept.
      expect(await readTitle(story.id)).toBe("Before the storm");

      // Past the lag bound the replica is skipped for everyone: the primary answers.
      await until("the replica counted as lagging", () => (replica().lagMs ?? 0) > MAX_LAG_MS, MAX_LAG_MS * 4);
      expect(await newest()).toEqual(expect.arrayContaining(["After the storm", "Written behind its back"]));
      const metrics = await ctx.deps.metrics.registry.metrics();
      expect(metrics).toContain(`ficforge_db_replica_up{replica="${replica().name}"} 1`);
      const lag = /ficforge_db_replica_lag_seconds\{[^}]*\} ([\d.]+)/.exec(metrics)?.[1];
      expect(Number(lag)).toBeGreaterThan(MAX_LAG_MS / 1000);

      // Replay resumed: back within bounds, and the author's cookie is honoured once the replica is past their save.
      await replicaAdmin.query("select pg_wal_replay_resume()");
      await until("the replica caught up", () => replica().up && replica().lagMs === 0);
      await until("reads from the replica again", async () => (await newest()).includes("After the storm"));
      // The cached old read view is dropped again once every replica in use must have the save (bound + 2 probes).
      await until(
        "the cached read view settles",
        async () => (await readTitle(story.id)) === "After the storm",
        MAX_LAG_MS + 2_000,
      );
      // Caught up, the replica serves the author again (their position is replayed), but not a later position.
      expect(ctx.database.replicas!.pick(parseLsn(wrote!.value.split(".")[0]!))).toBeDefined();
      expect(ctx.database.replicas!.pick(BigInt(Number.MAX_SAFE_INTEGER))).toBeUndefined();

      // The replica stops (as a crash does). A read already handed the replica's connection is answered by the
      // primary (it has a story the replica never saw), and the next lists come from the primary.
      const handed = ctx.database.replicas!.pick()!;
      await replicaAdmin.end();
      stopped = true;
      replicaCluster.stop("immediate");
      await createStory(db, {
        authorId: author.user.id,
        title: "While the replica was down",
        published: true,
        publishedAt: new Date(),
      });
      const down = sql`select count(*)::int as n from stories where title = 'While the replica was down'`;
      expect(((await handed.execute(down)) as unknown as { rows: unknown[] }).rows).toEqual([{ n: 1 }]);
      expect(replica().up).toBe(false);
      const lists = await Promise.all(Array.from({ length: 6 }, () => newest()));
      expect(lists.every((titles) => titles.includes("While the replica was down"))).toBe(true);
      expect(await ctx.deps.metrics.registry.metrics()).toMatch(/ficforge_db_replica_up\{[^}]*\} 0/);
    }, 60_000);
  },
);
