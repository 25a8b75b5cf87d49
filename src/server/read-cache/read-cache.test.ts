// The read cache in the real app on a real database: ETags and 304, headers by viewer, viewer fields spliced into
// the cached bytes, refreshed after writes made through this instance or another one on the same PostgreSQL
// database, a lost notification connection, and the race between a build and a write.
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDeps } from "../deps";
import { buildApp } from "../app";
import { type Database, openDatabase } from "../db/client";
import { stories } from "../db/schema";
import { loadConfig } from "../env";
import { notFound } from "../errors";
import { createDevOutbox } from "../mail/mailer";
import { createClock, send, TEST_APP_URL } from "../test/app";
import { DB_KINDS, type DbKind, openTestDatabase, TEST_DATABASE_URL } from "../test/database";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { createScratchDatabase, type ScratchDatabase, terminateBackends } from "../test/postgres";
import { readCacheKey } from "./read-cache";

/** Lets a test hold a build after it has read the row, until the test lets it finish. */
interface BuildGate {
  reached: () => void;
  release: Promise<void>;
}

/**
 * The real app plus a small cached route, so these tests do not depend on the reading endpoints: GET
 * /api/test-read/:id answers a published story's title (404 otherwise) and the viewer's `mine`.
 */
async function cachedApp(database: Database, gates: BuildGate[] = []): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: "test", APP_URL: TEST_APP_URL, SEED_DEMO: "false" });
  const deps = await createDeps(config, database, { mailer: createDevOutbox(), now: createClock().now });
  const app = await buildApp(deps, { logger: false });
  app.get<{ Params: { id: string } }>("/api/test-read/:id", async (request, reply) => {
    const id = Number(request.params.id);
    return app.readCache.send(
      request,
      reply,
      readCacheKey.story(id, "test"),
      async () => {
        const [row] = await request.db.select().from(stories).where(eq(stories.id, id));
        const gate = gates.shift();
        if (gate) {
          gate.reached();
          await gate.release;
        }
        if (!row?.published) throw notFound("Story not found or not published");
        return { id, title: row.title, authorId: row.authorId, content: row.content };
      },
      {
        facts: (view) => ({ authorId: view.authorId }),
        viewer: { signedOut: { mine: false }, signedIn: async (r) => ({ mine: r.user?.id === -1 }) },
      },
    );
  });
  app.get("/api/test-list", async (request, reply) =>
    app.readCache.send(request, reply, readCacheKey.discover("test"), async () => {
      const rows = await request.db.select({ id: stories.id }).from(stories).where(eq(stories.published, true));
      reply.header("x-next-cursor", `after-${rows.length}`);
      return rows;
    }),
  );
  app.get<{ Params: { id: string } }>("/test-page/:id", async (request) => {
    const id = Number(request.params.id);
    const page = await app.readCache.remember(
      readCacheKey.story(id, "page"),
      async () => {
        const [row] = await request.db.select().from(stories).where(eq(stories.id, id));
        return row?.published ? `<h1>${row.title}</h1>` : undefined;
      },
      (html) => html?.length ?? 0,
    );
    return page ?? "none";
  });
  await app.ready();
  return app;
}

async function publishedStory(db: Database["db"], title = "First title") {
  const author = await createVerifiedUserWithSession(db);
  const story = await createStory(db, { authorId: author.user.id, title, published: true, publishedAt: new Date() });
  return { author, story };
}

const read = (app: FastifyInstance, id: number, headers: Record<string, string> = {}) =>
  send(app, "GET", `/api/test-read/${id}`, undefined, headers);

async function eventually(check: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** PostgreSQL only: the cache keeps nothing until LISTEN is in place. */
async function listening(app: FastifyInstance, id: number): Promise<void> {
  await eventually(async () => {
    await read(app, id);
    return app.readCache.size.entries > 0;
  });
}

for (const kind of DB_KINDS as DbKind[]) {
  describe(`[${kind}] read cache`, () => {
    let database: Database;
    let app: FastifyInstance;
    const gates: BuildGate[] = [];
    beforeAll(async () => {
      database = await openTestDatabase(kind);
      app = await cachedApp(database, gates);
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    it("answers signed-out readers with an ETag, and 304 to a matching If-None-Match", async () => {
      const { story } = await publishedStory(database.db);
      if (kind === "postgres") await listening(app, story.id);
      const first = await read(app, story.id);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual(expect.objectContaining({ title: "First title", mine: false }));
      expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(first.headers["cache-control"]).toBe("no-cache");
      expect(first.headers.vary).toBe("Cookie, Accept-Encoding");
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);

      const again = await read(app, story.id, { "if-none-match": `"other", W/${etag}` });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
      expect(again.headers.etag).toBe(etag);
      expect((await read(app, story.id, { "if-none-match": '"other"' })).statusCode).toBe(200);
    });

    it("sends signed-in readers no-store answers with their own fields spliced in", async () => {
      const { story } = await publishedStory(database.db);
      const reader = await createVerifiedUserWithSession(database.db);
      await read(app, story.id);
      const res = await read(app, story.id, { cookie: reader.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers.etag).toBeUndefined();
      expect(res.json()).toEqual({
        id: story.id,
        title: "First title",
        authorId: story.authorId,
        content: story.content,
        mine: false,
      });
      expect(Object.keys(res.json())).toHaveLength(5);
    });

    it("answers in brotli or gzip when asked, made once, and not for small answers", async () => {
      const { story } = await publishedStory(database.db);
      await database.db
        .update(stories)
        .set({ content: "<p>Words, words.</p>".repeat(100) })
        .where(eq(stories.id, story.id));
      app.readCache.invalidateStory(story.id);
      const plain = await read(app, story.id);
      const br = await read(app, story.id, { "accept-encoding": "gzip, br" });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(br.headers.etag).not.toBe(plain.headers.etag);
      const gzip = await read(app, story.id, { "accept-encoding": "gzip" });
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      const small = await publishedStory(database.db, "S");
      expect(
        (await read(app, small.story.id, { "accept-encoding": "br" })).headers["content-encoding"],
      ).toBeUndefined();
    });

    it("refreshes a story after it is edited, unpublished and published again through the API", async () => {
      const { author, story } = await publishedStory(database.db);
      await read(app, story.id);
      const edit = await send(app, "PATCH", `/api/stories/${story.id}`, { title: "Second title" }, author.headers);
      expect(edit.statusCode).toBe(200);
      expect((await read(app, story.id)).json().title).toBe("Second title");
      expect((await send(app, "POST", `/api/stories/${story.id}/unpublish`, {}, author.headers)).statusCode).toBe(200);
      expect((await read(app, story.id)).statusCode).toBe(404);
      const publish = await send(
        app,
        "POST",
        `/api/stories/${story.id}/publish`,
        { title: "Third title", description: "Again." },
        author.headers,
      );
      expect(publish.statusCode).toBe(200);
      expect((await read(app, story.id)).json().title).toBe("Third title");
    });

    it("keeps the headers a build set with its bytes (Discover's next cursor)", async () => {
      const { author, story } = await publishedStory(database.db);
      const first = await send(app, "GET", "/api/test-list");
      const cursor = first.headers["x-next-cursor"];
      expect(cursor).toMatch(/^after-\d+$/);
      const cached = await send(app, "GET", "/api/test-list");
      expect(cached.headers["x-next-cursor"]).toBe(cursor);
      expect(cached.body).toBe(first.body);
      await send(app, "POST", `/api/stories/${story.id}/unpublish`, {}, author.headers);
      expect((await send(app, "GET", "/api/test-list")).headers["x-next-cursor"]).not.toBe(cursor);
    });

    it("remembers values that are not one body, dropped with their story", async () => {
      const { author, story } = await publishedStory(database.db);
      const page = () => send(app, "GET", `/test-page/${story.id}`).then((r) => r.body);
      expect(await page()).toBe("<h1>First title</h1>");
      await database.db.update(stories).set({ title: "Unannounced" }).where(eq(stories.id, story.id));
      expect(await page()).toBe("<h1>First title</h1>"); // served from memory
      await send(app, "PATCH", `/api/stories/${story.id}`, { title: "Announced" }, author.headers);
      expect(await page()).toBe("<h1>Announced</h1>");
    });

    it("does not keep what a build read before a write that committed while it ran", async () => {
      const { story } = await publishedStory(database.db);
      let reached!: () => void;
      const atGate = new Promise<void>((resolve) => {
        reached = resolve;
      });
      let release!: () => void;
      gates.push({ reached, release: new Promise<void>((resolve) => (release = resolve)) });
      const slow = read(app, story.id);
      await atGate; // the build has read "First title"
      await database.db.update(stories).set({ title: "Written meanwhile" }).where(eq(stories.id, story.id));
      app.readCache.invalidateStory(story.id); // after the commit, as the routes do
      release();
      expect((await slow).json().title).toBe("First title");
      expect((await read(app, story.id)).json().title).toBe("Written meanwhile");
    });
  });
}

for (const kind of DB_KINDS as DbKind[]) {
  describe(`[${kind}] read cache behind the reading endpoints`, () => {
    let database: Database;
    let app: FastifyInstance;
    beforeAll(async () => {
      database = await openTestDatabase(kind);
      app = await cachedApp(database);
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
    });
    const reader = (id: number, headers: Record<string, string> = {}) =>
      send(app, "GET", `/api/stories/${id}/read`, undefined, headers);

    it("refreshes the signed-out read view after a like, a comment and an unpublish", async () => {
      const { author, story } = await publishedStory(database.db);
      if (kind === "postgres") await listening(app, story.id);
      const fan = await createVerifiedUserWithSession(database.db);
      const before = await reader(story.id);
      expect(before.json()).toMatchObject({ likeCount: 0, commentCount: 0, liked: false });
      expect(app.readCache.size.entries).toBeGreaterThan(0);
      expect((await send(app, "POST", `/api/stories/${story.id}/like`, {}, fan.headers)).statusCode).toBe(200);
      expect((await reader(story.id)).json()).toMatchObject({ likeCount: 1, liked: false });
      expect((await reader(story.id, fan.headers)).json()).toMatchObject({ likeCount: 1, liked: true });
      const comment = await send(app, "POST", `/api/stories/${story.id}/comments`, { content: "Lovely." }, fan.headers);
      expect(comment.statusCode).toBe(201);
      expect((await reader(story.id)).json()).toMatchObject({ commentCount: 1 });
      await send(app, "POST", `/api/stories/${story.id}/unpublish`, {}, author.headers);
      expect((await reader(story.id)).statusCode).toBe(404);
    });

    it("never sends a mature story to a signed-out reader, even once a premium reader has cached it", async () => {
      const { story } = await publishedStory(database.db);
      await database.db.update(stories).set({ rating: "mature" }).where(eq(stories.id, story.id));
      app.readCache.invalidateStory(story.id);
      const premium = await createVerifiedUserWithSession(database.db, { isPremium: true });
      expect((await reader(story.id, premium.headers)).statusCode).toBe(200);
      expect((await reader(story.id)).statusCode).toBe(404);
      expect((await reader(story.id)).json().message).toBe("Story not found or not published");
    });

    it("refreshes the public page after an edit", async () => {
      const { author, story } = await publishedStory(database.db, "Public first");
      const page = await send(app, "GET", `/s/${story.id}-public-first`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("Public first");
      await send(app, "PATCH", `/api/stories/${story.id}`, { title: "Public second" }, author.headers);
      const moved = await send(app, "GET", `/s/${story.id}-public-first`);
      expect(moved.statusCode).toBe(301);
      expect(moved.headers.location).toBe(`/s/${story.id}-public-second`);
      expect((await send(app, "GET", `/s/${story.id}-public-second`)).body).toContain("Public second");
    });
  });
}

describe.runIf(TEST_DATABASE_URL)("[postgres] read cache across instances", () => {
  let scratch: ScratchDatabase;
  let database: Database;
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    scratch = await createScratchDatabase(TEST_DATABASE_URL!);
    database = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 4 });
    first = await cachedApp(database);
    second = await cachedApp(database);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
    await scratch?.drop();
  });

  it("refreshes a story cached by one instance after an edit and an unpublish made through another", async () => {
    const { author, story } = await publishedStory(database.db);
    await listening(first, story.id);
    await listening(second, story.id);
    expect((await read(first, story.id)).json().title).toBe("First title");
    const edit = await send(second, "PATCH", `/api/stories/${story.id}`, { title: "Edited elsewhere" }, author.headers);
    expect(edit.statusCode).toBe(200);
    await eventually(async () => (await read(first, story.id)).json().title === "Edited elsewhere");
    expect((await send(second, "POST", `/api/stories/${story.id}/unpublish`, {}, author.headers)).statusCode).toBe(200);
    await eventually(async () => (await read(first, story.id)).statusCode === 404);
  });

  it("refreshes the reader's view cached by one instance after an edit made through another", async () => {
    const { author, story } = await publishedStory(database.db);
    await listening(first, story.id);
    await listening(second, story.id);
    const view = () => send(first, "GET", `/api/stories/${story.id}/read`).then((r) => r.json());
    expect((await view()).title).toBe("First title");
    await send(second, "PATCH", `/api/stories/${story.id}`, { title: "Read elsewhere" }, author.headers);
    await eventually(async () => (await view()).title === "Read elsewhere");
    const fan = await createVerifiedUserWithSession(database.db);
    await send(second, "POST", `/api/stories/${story.id}/like`, {}, fan.headers);
    await eventually(async () => (await view()).likeCount === 1);
  });

  it("stops trusting its entries when the notification connection drops, and listens again", async () => {
    const { story } = await publishedStory(database.db);
    await listening(first, story.id);
    expect((await read(first, story.id)).json().title).toBe("First title");
    expect(await terminateBackends(TEST_DATABASE_URL!, scratch.name)).toBeGreaterThan(0);
    // A write nobody announced, as if its notification was sent while the connection was down.
    await eventually(async () => {
      try {
        await database.db.update(stories).set({ title: "Missed" }).where(eq(stories.id, story.id));
        return true;
      } catch {
        return false;
      }
    });
    await eventually(async () => (await read(first, story.id)).json().title === "Missed");
    // Caching again once LISTEN is back.
    await listening(first, story.id);
    await database.db.update(stories).set({ title: "Announced" }).where(eq(stories.id, story.id));
    second.readCache.invalidateStory(story.id);
    await eventually(async () => (await read(first, story.id)).json().title === "Announced");
  });
});
