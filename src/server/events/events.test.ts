// Every route that changes a story or a user says what changed as domain events, after its commit: one table of
// route, body and the events it must emit. The imports route reaches story memory through them.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { notifications, outboxEvents, storyMemories } from "../db/schema";
import { maintenanceJobs } from "../maintenance-jobs";
import { createTestApp, describeEachDb, send, type TestContext } from "../test/app";
import { createStory, createVerifiedUserWithSession, type UserWithSession } from "../test/factories";
import type { EventName } from "./events";
import { OWN_RUN_GRACE_MS } from "./outbox";

interface World {
  writer: UserWithSession;
  reader: UserWithSession;
  storyId: number;
  commentId?: number;
  versionId?: number;
}

interface Row {
  what: string;
  method: "POST" | "PATCH" | "DELETE";
  url: (w: World) => string;
  body?: (w: World) => unknown;
  /** Who sends it: the story's writer unless said. */
  as?: "reader";
  /** Before the request: put the world in the state the route changes. */
  given?: (ctx: TestContext, w: World) => Promise<void>;
  status: number;
  events: EventName[];
}

const chapters = "<h2>Chapter 1</h2><p>One.</p><h2>Chapter 2</h2><p>Two.</p>";
const story = (w: World) => `/api/stories/${w.storyId}`;
const publish = (ctx: TestContext, w: World) =>
  send(ctx.app, "POST", `${story(w)}/publish`, { title: "T", description: "D" }, w.writer.headers).then(() => {});

const ROWS: Row[] = [
  {
    what: "create",
    method: "POST",
    url: () => "/api/stories",
    body: () => ({ title: "New", content: "<p>Hi.</p>" }),
    status: 201,
    events: ["story.saved"],
  },
  {
    what: "save a draft",
    method: "PATCH",
    url: story,
    body: () => ({ content: "<p>More.</p>" }),
    status: 200,
    events: ["story.saved"],
  },
  {
    what: "save new chapters of a published story",
    method: "PATCH",
    url: story,
    given: publish,
    body: () => ({ content: `${chapters}<h2>Chapter 3</h2><p>3.</p>` }),
    status: 200,
    events: ["chapters.published", "story.saved"],
  },
  {
    what: "publish",
    method: "POST",
    url: (w) => `${story(w)}/publish`,
    body: () => ({ title: "T", description: "D" }),
    status: 200,
    events: ["story.published", "chapters.published"],
  },
  {
    what: "publish again",
    method: "POST",
    url: (w) => `${story(w)}/publish`,
    given: publish,
    body: () => ({ title: "T", description: "D" }),
    status: 200,
    events: ["story.published"],
  },
  {
    what: "unpublish",
    method: "POST",
    url: (w) => `${story(w)}/unpublish`,
    given: publish,
    status: 200,
    events: ["story.unpublished"],
  },
  { what: "delete", method: "DELETE", url: story, status: 204, events: ["story.deleted"] },
  {
    what: "restore a version",
    method: "POST",
    url: (w) => `${story(w)}/versions/${w.versionId}/restore`,
    given: async (ctx, w) => {
      await send(ctx.app, "PATCH", story(w), { content: "<p>Second.</p>" }, w.writer.headers);
      const list = (await send(ctx.app, "GET", `${story(w)}/versions`, undefined, w.writer.headers)).json();
      w.versionId = (list.versions ?? list).at(-1).id;
    },
    status: 200,
    events: ["story.saved"],
  },
  {
    what: "like",
    method: "POST",
    url: (w) => `${story(w)}/like`,
    as: "reader",
    given: publish,
    status: 200,
    events: ["story.marked"],
  },
  {
    what: "bookmark",
    method: "POST",
    url: (w) => `${story(w)}/bookmark`,
    as: "reader",
    given: publish,
    status: 200,
    events: ["story.marked"],
  },
  {
    what: "comment",
    method: "POST",
    url: (w) => `${story(w)}/comments`,
    as: "reader",
    given: publish,
    body: () => ({ content: "Lovely." }),
    status: 201,
    events: ["comment.created"],
  },
  {
    what: "delete a comment",
    method: "DELETE",
    url: (w) => `/api/comments/${w.commentId}`,
    as: "reader",
    given: async (ctx, w) => {
      await publish(ctx, w);
      const made = await send(ctx.app, "POST", `${story(w)}/comments`, { content: "Hm." }, w.reader.headers);
      w.commentId = made.json().id;
    },
    status: 204,
    events: ["comment.deleted"],
  },
  {
    what: "rename",
    method: "PATCH",
    url: () => "/api/user",
    body: () => ({ username: `rn${Math.random().toString(36).slice(2, 8)}` }),
    status: 200,
    events: ["user.renamed"],
  },
  {
    what: "change the bio",
    method: "PATCH",
    url: () => "/api/user",
    body: (w) => ({ username: w.writer.user.username, description: "I write." }),
    status: 200,
    events: ["user.bio_changed"],
  },
  {
    what: "follow",
    method: "POST",
    url: (w) => `/api/authors/${w.writer.user.username}/follow`,
    as: "reader",
    status: 200,
    events: ["user.followed"],
  },
  {
    what: "block",
    method: "POST",
    url: (w) => `/api/blocks/${w.writer.user.username}`,
    as: "reader",
    status: 200,
    events: ["user.blocked"],
  },
];

describeEachDb("domain events", (ctx) => {
  const db = () => ctx().database.db;

  /** The names emitted while `run` ran. */
  async function emitted(run: () => Promise<unknown>): Promise<EventName[]> {
    const bus = ctx().deps.events;
    const names: EventName[] = [];
    const emit = bus.emit;
    bus.emit = (name, event) => {
      names.push(name);
      return emit(name, event);
    };
    try {
      await run();
    } finally {
      bus.emit = emit;
    }
    return names;
  }

  it.each(ROWS)("$what emits $events", async (row) => {
    const writer = await createVerifiedUserWithSession(db());
    const reader = await createVerifiedUserWithSession(db());
    const made = await createStory(db(), { authorId: writer.user.id, title: "T", content: chapters });
    const w: World = { writer, reader, storyId: made.id };
    await row.given?.(ctx(), w);
    const who = row.as === "reader" ? reader : writer;
    const events = await emitted(async () => {
      const res = await send(ctx().app, row.method, row.url(w), row.body?.(w), who.headers);
      expect(res.statusCode, res.body).toBe(row.status);
    });
    expect(events).toEqual(row.events);
    await ctx().app.background.settled();
  });

  it("a refused change emits nothing", async () => {
    const writer = await createVerifiedUserWithSession(db());
    const other = await createVerifiedUserWithSession(db());
    const made = await createStory(db(), { authorId: writer.user.id, title: "T", content: chapters });
    const events = await emitted(async () => {
      const res = await send(ctx().app, "PATCH", `/api/stories/${made.id}`, { content: "<p>x</p>" }, other.headers);
      expect(res.statusCode).toBe(404);
    });
    expect(events).toEqual([]);
  });

  it("an import refreshes a premium writer's story memory, as any save does", async () => {
    const writer = await createVerifiedUserWithSession(db(), { isPremium: true });
    const boundary = "----ficforge-events";
    const text = "# The Harbour\n\n## Chapter 1\n\nRen walked to the harbour with Mara.\n";
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="harbour.md"\r\n` +
        `Content-Type: text/markdown\r\n\r\n${text}\r\n--${boundary}--\r\n`,
    );
    const res = await ctx().app.inject({
      method: "POST",
      url: "/api/imports",
      payload,
      headers: {
        ...writer.headers,
        origin: "http://localhost:3000",
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    await ctx().app.background.settled();
    const [id] = res.json().ids as number[];
    const [memory] = await db().select().from(storyMemories).where(eq(storyMemories.storyId, id!));
    expect(memory?.storyVersion).toBeGreaterThan(0);
  });

  it("an outbox event survives a crash: a new app drains it once", async () => {
    const writer = await createVerifiedUserWithSession(db());
    const reader = await createVerifiedUserWithSession(db());
    const made = await createStory(db(), { authorId: writer.user.id, title: "T", content: chapters, published: true });
    const first = await createTestApp(ctx().kind, { database: ctx().database });
    // The 'crash': the comment commits with its outbox row, and the process ends before delivering it.
    first.app.background.run = () => undefined;
    const res = await send(first.app, "POST", `/api/stories/${made.id}/comments`, { content: "Hi." }, reader.headers);
    expect(res.statusCode, res.body).toBe(201);
    await first.app.close();
    const commentId = res.json().id as number;
    const heard = () => db().select().from(notifications).where(eq(notifications.commentId, commentId));
    expect(await heard()).toEqual([]);
    const pending = async () =>
      (await db().select().from(outboxEvents)).filter((row) => JSON.stringify(row.event).includes(`${commentId}`));
    expect((await pending()).map((row) => row.event)).toEqual([{ name: "comment.created", commentId }]);

    const second = await createTestApp(ctx().kind, { database: ctx().database });
    try {
      const later = new Date(Date.now() + OWN_RUN_GRACE_MS + 1_000);
      const drain = () =>
        maintenanceJobs({ ...second.deps, now: () => later })
          .find((job) => job.name === "drain-outbox")!
          .run();
      await drain();
      await drain();
      expect((await heard()).map((n) => [n.userId, n.type])).toEqual([[writer.user.id, "comment"]]);
      expect(await pending()).toEqual([]);
    } finally {
      await second.app.close();
    }
  });
});
