// Two built instances behind nginx, on PostgreSQL through PgBouncer in transaction pooling mode, run with
// deploy/pgbouncer.ini (issue 28, decision 0065): both migrate a fresh database at once (the advisory lock on the
// direct DATABASE_LISTEN_URL), a write on one is read fresh through the other (LISTEN on the direct connection),
// and reads, saves and transactions under load all pass through PgBouncer's pool without an error.
// Needs `npm run build`, nginx and pgbouncer (.ci/run installs them).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { hashPassword, TEST_PASSWORD_COST } from "../accounts/passwords";
import { openDatabase } from "../db/client";
import { TEST_DATABASE_URL } from "../test/database";
import { createStory, createUser } from "../test/factories";
import { freePort } from "../test/free-port";
import { instanceEnv, localNginxConf } from "./nginx-conf";
import { localPgbouncerConf, localUserlist } from "./pgbouncer-conf";

const ROOT = new URL("../../../", import.meta.url).pathname;
const SERVER = join(ROOT, "dist/server/main.js");
const PASSWORD = "correct horse battery staple";

const which = (name: string) =>
  spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0
    ? name
    : existsSync(`/usr/sbin/${name}`)
      ? `/usr/sbin/${name}`
      : undefined;
const [NGINX, PGBOUNCER] = [which("nginx"), which("pgbouncer")];

async function until(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function start(command: string, args: string[], env?: NodeJS.ProcessEnv) {
  const child: ChildProcess = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

describe.skipIf(!TEST_DATABASE_URL)(
  "[postgres] two instances through PgBouncer (skipped without TEST_DATABASE_URL)",
  () => {
    const cleanup: Array<() => unknown> = [];
    afterAll(async () => {
      for (const step of cleanup.reverse()) await step();
    });

    it("migrates, listens, reads fresh and takes load through transaction pooling", async () => {
      if (!NGINX || !PGBOUNCER) throw new Error("nginx or pgbouncer is missing: .ci/run installs them with apt-get.");
      if (!existsSync(SERVER)) throw new Error("dist/server/main.js is missing: run `npm run build` first.");
      // A fresh, unmigrated database named after the run's own (so runs sharing the server stay apart).
      const admin = new URL(TEST_DATABASE_URL!);
      const name = `${admin.pathname.slice(1)}_pool_${randomBytes(4).toString("hex")}`;
      const adminQuery = async (text: string) => {
        const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await client.connect();
        await client.query(text).finally(() => client.end());
      };
      await adminQuery(`create database ${name}`);
      cleanup.push(() => adminQuery(`drop database if exists ${name} with (force)`));
      const direct = new URL(TEST_DATABASE_URL!);
      direct.pathname = `/${name}`;

      // PgBouncer refuses to run as root: as postgres, in a directory postgres owns.
      const dir = mkdtempSync(join(tmpdir(), "ficforge-pgbouncer-"));
      cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
      const owner = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
      const asRoot = process.getuid?.() === 0 && owner.status === 0;
      if (asRoot) chownSync(dir, Number(owner.stdout.trim()), 0);
      const [portPool, portA, portB, portProxy] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
      const user = decodeURIComponent(admin.username) || "postgres";
      const server = { host: admin.hostname, port: Number(admin.port || 5432), database: name, user };
      writeFileSync(join(dir, "pgbouncer.ini"), localPgbouncerConf({ dir, port: portPool, server }));
      writeFileSync(join(dir, "userlist.txt"), localUserlist(user));
      const bouncer = asRoot
        ? start("runuser", ["-u", "postgres", "--", PGBOUNCER, join(dir, "pgbouncer.ini")])
        : start(PGBOUNCER, [join(dir, "pgbouncer.ini")]);
      cleanup.push(() => bouncer.child.kill("SIGTERM"));
      const pooled = `postgres://${user}@127.0.0.1:${portPool}/${name}`;
      await until(
        "pgbouncer answering",
        async () => {
          const client = new pg.Client({ connectionString: pooled });
          await client.connect();
          await client.end();
          return true;
        },
        5_000,
      ).catch((error) => {
        throw new Error(`${error.message}: ${bouncer.output()}`);
      });

      // Both instances at once on the empty database: they take turns migrating on the direct connection.
      const proxy = `http://127.0.0.1:${portProxy}`;
      const instances = [portA, portB].map((port) =>
        start(process.execPath, [SERVER], {
          ...instanceEnv(port, pooled, proxy),
          DATABASE_LISTEN_URL: direct.toString(),
        }),
      );
      cleanup.push(() => {
        for (const instance of instances) instance.child.kill("SIGKILL");
      });
      writeFileSync(join(dir, "nginx.conf"), localNginxConf(dir, portProxy, [portA, portB]));
      const nginx = start(NGINX, [
        "-c",
        join(dir, "nginx.conf"),
        "-p",
        dir,
        "-e",
        join(dir, "error.log"),
        "-g",
        "daemon off;",
      ]);
      cleanup.push(() => nginx.child.kill("SIGTERM"));
      for (const [i, port] of [portA, portB].entries()) {
        await until(`instance on ${port} ready`, async () => {
          const instance = instances[i]!;
          if (instance.child.exitCode !== null)
            throw new Error(`exited ${instance.child.exitCode}: ${instance.output()}`);
          return (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200;
        }).catch((error) => {
          throw new Error(`${error.message}\n${instances[i]!.output()}\n${bouncer.output().slice(-2000)}`);
        });
      }
      await until("nginx answering", async () => (await fetch(`${proxy}/healthz`)).ok, 5_000);

      const setup = await openDatabase({ kind: "postgres", url: pooled, directUrl: direct.toString(), poolSize: 1 });
      const author = await createUser(setup.db, {
        password: await hashPassword(PASSWORD, TEST_PASSWORD_COST),
        username: "ferryman",
      });
      const story = await createStory(setup.db, { authorId: author.id, published: true, publishedAt: new Date() });
      await setup.close();
      const login = await fetch(`${proxy}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: author.email, password: PASSWORD }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers
        .getSetCookie()
        .map((each) => each.split(";")[0])
        .join("; ");
      const json = { "content-type": "application/json", cookie };

      // B keeps the read view in its cache; a save on A reaches it through NOTIFY on B's direct LISTEN connection.
      const [a, b] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
      const titleOnB = async () => (await (await fetch(`${b}/api/stories/${story.id}/read`)).json()).title;
      expect(await titleOnB()).toBe(story.title);
      expect(await titleOnB()).toBe(story.title);
      const save = await fetch(`${a}/api/stories/${story.id}`, {
        method: "PATCH",
        headers: json,
        body: JSON.stringify({ title: "The Last Crossing", content: "<p>The river was high that spring.</p>" }),
      });
      expect(save.status, await save.clone().text()).toBe(200);
      await until("the new title on B", async () => (await titleOnB()) === "The Last Crossing", 1_000);

      // Load through nginx and the pool: reads, Discover, and new drafts (each a transaction) from both instances.
      const result = await autocannon({
        url: proxy,
        connections: 10,
        duration: 3,
        requests: [
          { method: "GET", path: `/api/stories/${story.id}/read` },
          { method: "GET", path: "/api/published-stories?sort=new&limit=20" },
          { method: "POST", path: "/api/stories", headers: json, body: JSON.stringify({ title: "Pooled" }) },
        ],
      });
      expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({
        errors: 0,
        timeouts: 0,
        non2xx: 0,
      });
      expect(result.requests.total).toBeGreaterThan(100);

      // It all went through PgBouncer's transaction pool.
      const console_ = new pg.Client({ connectionString: `postgres://${user}@127.0.0.1:${portPool}/pgbouncer` });
      await console_.connect();
      const pools = (await console_.query("show pools")).rows.filter((row) => row.database === name);
      const stats = (await console_.query("show stats")).rows.find((row) => row.database === name);
      await console_.end();
      expect(pools.map((row) => row.pool_mode)).toEqual(["transaction"]);
      expect(Number(stats.total_xact_count)).toBeGreaterThan(100);
      console.log(
        `through PgBouncer: ${result.requests.total} requests in ${result.duration} s, p99 ${result.latency.p99} ms, ` +
          `${stats.total_xact_count} transactions pooled`,
      );
    }, 60_000);
  },
);
