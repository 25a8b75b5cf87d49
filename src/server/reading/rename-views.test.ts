// A rename reaches every cached view that names the author (issue 16): the reader view, the public page, Discover
// and the author page (issue 17: its name, and the old name's page gone),
// whether the views were cached by the instance that took the rename or by another one on the same PostgreSQL
// database (told through LISTEN/NOTIFY).
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublishedStoryItem } from "../../shared/schemas/reading";
import { buildApp } from "../app";
import { type Database, openDatabase } from "../db/client";
import { createDeps } from "../deps";
import { loadConfig } from "../env";
import { createDevOutbox } from "../mail/mailer";
import { createClock, send, TEST_APP_URL } from "../test/app";
import { DB_KINDS, type DbKind, openTestDatabase, TEST_DATABASE_URL } from "../test/database";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { createScratchDatabase, type ScratchDatabase } from "../test/postgres";

async function instance(database: Database): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: "test", APP_URL: TEST_APP_URL, SEED_DEMO: "false" });
  const deps = await createDeps(config, database, { mailer: createDevOutbox(), now: createClock().now });
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  return app;
}

async function eventually(check: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const newName = () => `rn-${randomBytes(3).toString("hex")}`;

/** The author's name as each cached view shows it to a signed-out reader; `author` the name /u/{name} answers to. */
async function namesShown(app: FastifyInstance, storyId: number, name: string) {
  const read = (await send(app, "GET", `/api/stories/${storyId}/read`)).json().author.username as string;
  const moved = await send(app, "GET", `/s/${storyId}`);
  const page = await send(app, "GET", moved.headers.location as string);
  const byline = /<title>.* by (.*) · FicForge<\/title>/.exec(page.body)?.[1];
  const list = (await send(app, "GET", "/api/published-stories?sort=new&limit=50")).json() as PublishedStoryItem[];
  const card = list.find((item) => item.id === storyId)?.author.username;
  const authorPage = await send(app, "GET", `/u/${name}`);
  const author = authorPage.statusCode === 200 ? /<h1>(.*)<\/h1>/.exec(authorPage.body)?.[1] : authorPage.statusCode;
  return { read, byline, card, author };
}

/** A published story by a signed-in author, its three views cached by `app` (PostgreSQL: once LISTEN is in place). */
async function cachedStory(app: FastifyInstance, db: Database["db"]) {
  const author = await createVerifiedUserWithSession(db, { username: newName() });
  const story = await createStory(db, { authorId: author.user.id, published: true, publishedAt: new Date() });
  // The factory writes the row directly: tell the cache, as publishing through the API does.
  app.readCache.invalidateStory(story.id);
  await eventually(async () => {
    const name = author.user.username;
    expect(await namesShown(app, story.id, name)).toEqual({ read: name, byline: name, card: name, author: name });
    // read view, public page, Discover list, author page
    return app.readCache.size.entries >= 4;
  });
  return { author, story };
}

for (const kind of DB_KINDS as DbKind[]) {
  describe(`[${kind}] a rename and the cached views`, () => {
    let database: Database;
    let app: FastifyInstance;
    beforeAll(async () => {
      database = await openTestDatabase(kind);
      app = await instance(database);
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    it("drops every cached view naming the author on this instance", async () => {
      const { author, story } = await cachedStory(app, database.db);
      const renamed = newName();
      const patch = await send(app, "PATCH", "/api/user", { username: renamed }, author.headers);
      expect(patch.statusCode, patch.body).toBe(200);
      expect(await namesShown(app, story.id, renamed)).toEqual({
        read: renamed,
        byline: renamed,
        card: renamed,
        author: renamed,
      });
      expect((await namesShown(app, story.id, author.user.username)).author).toBe(301);
    });

    it("keeps the story views when only the bio changes, and drops the author pages (they show it)", async () => {
      const { author, story } = await cachedStory(app, database.db);
      const entries = app.readCache.size.entries;
      const body = { username: author.user.username, description: "Writes by the sea." };
      expect((await send(app, "PATCH", "/api/user", body, author.headers)).statusCode).toBe(200);
      expect(app.readCache.size.entries).toBe(entries - 1);
      expect((await namesShown(app, story.id, author.user.username)).read).toBe(author.user.username);
      expect((await send(app, "GET", `/u/${author.user.username}`)).body).toContain("Writes by the sea.");
    });
  });
}

describe.runIf(TEST_DATABASE_URL)("[postgres] a rename and the views cached by another instance", () => {
  let scratch: ScratchDatabase;
  let database: Database;
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    scratch = await createScratchDatabase(TEST_DATABASE_URL!);
    database = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 4 });
    first = await instance(database);
    second = await instance(database);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
    await scratch?.drop();
  });

  it("drops the views the first instance cached when the author renames through the second", async () => {
    const { author, story } = await cachedStory(first, database.db);
    const renamed = newName();
    expect((await send(second, "PATCH", "/api/user", { username: renamed }, author.headers)).statusCode).toBe(200);
    await eventually(async () => {
      const shown = await namesShown(first, story.id, renamed);
      const old = await namesShown(first, story.id, author.user.username);
      return (
        shown.read === renamed &&
        shown.byline === renamed &&
        shown.card === renamed &&
        shown.author === renamed &&
        old.author === 301
      );
    });
  });

  it("drops the author page the first instance cached when the bio changes through the second", async () => {
    const { author } = await cachedStory(first, database.db);
    const body = { username: author.user.username, description: "Moved inland." };
    expect((await send(second, "PATCH", "/api/user", body, author.headers)).statusCode).toBe(200);
    await eventually(async () =>
      (await send(first, "GET", `/u/${author.user.username}`)).body.includes("Moved inland."),
    );
  });
});
