// Chat threads and branches (issue 32, decision 0098): 'Branch from here' copies a thread up to a message, two branches
// at once both land, the exchange is kept in the thread the pane shows, threads are renamed and deleted (the main one
// and the last leave a working chat), each thread is trimmed on its own, the thread cap, and clear 4xx for anyone
// else's ids, deleted threads and bad names. Also: migration 0036 turned a story's existing chat into its 'Main' thread.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { expect, it } from "vitest";
import {
  CHAT_THREAD_MESSAGES,
  type ChatThread,
  MARIN_CHAT_LIMIT,
  MARIN_CHAT_THREAD_LIMIT,
  type StoredChat,
} from "../../shared/schemas/marin-chat";
import { createSession, SESSION_COOKIE } from "../accounts/sessions";
import { type Db, MIGRATIONS_DIR } from "../db/client";
import * as schema from "../db/schema";
import { marinChatMessages, marinChatThreads } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { TEST_DATABASE_URL } from "../test/database";
import { createScratchDatabase } from "../test/postgres";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { appendChatMessage } from "./stored-chat";

describeEachDb("Marin's chat threads", (ctx) => {
  const db = () => ctx().database.db;
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, cookie: string, body?: unknown) =>
    send(ctx().app, method, url, body, { cookie });
  const chatOf = async (storyId: number, cookie: string, thread?: number) => {
    const res = await call("GET", `/api/stories/${storyId}/chat${thread ? `?thread=${thread}` : ""}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StoredChat;
  };
  const contents = async (storyId: number, cookie: string, thread?: number) =>
    (await chatOf(storyId, cookie, thread)).messages.map((m) => m.content);
  const threadsOf = async (storyId: number, cookie: string) => {
    const res = await call("GET", `/api/stories/${storyId}/chat/threads`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { threads: ChatThread[] }).threads;
  };
  const branch = (storyId: number, cookie: string, body: unknown) =>
    call("POST", `/api/stories/${storyId}/chat/threads`, cookie, body);

  it("branches from any message, keeps each thread apart, and shows the same tree to a second session", async () => {
    const me = await createVerifiedUserWithSession(db(), { isPremium: true });
    const story = await createStory(db(), { authorId: me.user.id });
    for (const content of ["Hello", "Name the ship", "The Gull."]) {
      await call("POST", `/api/stories/${story.id}/chat`, me.cookie, { role: "user", content, note: false });
    }
    const main = await chatOf(story.id, me.cookie);
    const from = main.messages[1]!;
    const made = await branch(story.id, me.cookie, { fromMessageId: from.id });
    expect(made.statusCode, made.body).toBe(201);
    const branchId = (made.json() as { id: number }).id;
    expect(await contents(story.id, me.cookie, branchId)).toEqual(["Hello", "Name the ship"]);

    // Two branches at once from the same message both land, whole and with their own names.
    const [a, b] = await Promise.all([
      branch(story.id, me.cookie, { fromMessageId: from.id }),
      branch(story.id, me.cookie, { fromMessageId: Number(from.id.slice(1)), name: "  Darker  " }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const bId = (b.json() as { id: number }).id;
    expect(await contents(story.id, me.cookie, bId)).toEqual(["Hello", "Name the ship"]);

    // The chat route keeps the exchange in the thread the pane shows; the main thread is untouched.
    const asked = await call("POST", "/api/chat-with-marin", me.cookie, {
      storyId: story.id,
      threadId: branchId,
      messages: [{ role: "user", content: "Who sails her?" }],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await contents(story.id, me.cookie, branchId)).toHaveLength(4);
    expect(await contents(story.id, me.cookie)).toEqual(["Hello", "Name the ship", "The Gull."]);

    const renamed = await call("PATCH", `/api/stories/${story.id}/chat/threads/${branchId}`, me.cookie, {
      name: "What if",
    });
    expect(renamed.statusCode, renamed.body).toBe(204);
    const { token } = await createSession(db(), me.user.id, new Date());
    const second = `${SESSION_COOKIE}=${token}`;
    const listed = await threadsOf(story.id, second);
    // NOTE: the two made at once land in either order.
    const rows = listed.map((t) => [t.name, t.main, t.messageCount]);
    expect([...rows.slice(0, 2), ...rows.slice(2).sort()]).toEqual([
      ["Main", true, 3],
      ["What if", false, 4],
      [expect.stringMatching(/^Branch [34]$/), false, 2],
      ["Darker", false, 2],
    ]);
    expect(listed[1]).toMatchObject({ parentThreadId: main.threadId, branchedFromMessageId: from.id });
    expect(await contents(story.id, second, branchId)).toEqual(await contents(story.id, me.cookie, branchId));

    // Deleting the main thread makes the next oldest the main one; deleting the last leaves a chat that starts anew.
    expect((await call("DELETE", `/api/stories/${story.id}/chat/threads/${main.threadId}`, me.cookie)).statusCode).toBe(
      204,
    );
    expect(await chatOf(story.id, me.cookie)).toMatchObject({ threadId: branchId });
    expect((await threadsOf(story.id, me.cookie))[0]).toMatchObject({
      name: "What if",
      main: true,
      parentThreadId: null,
    });
    for (const thread of await threadsOf(story.id, me.cookie)) {
      await call("DELETE", `/api/stories/${story.id}/chat/threads/${thread.id}`, me.cookie);
    }
    expect(await threadsOf(story.id, me.cookie)).toEqual([]);
    expect(await chatOf(story.id, me.cookie)).toEqual({ threadId: null, messages: [] });
    await call("POST", `/api/stories/${story.id}/chat`, me.cookie, { role: "user", content: "Again", note: false });
    expect((await threadsOf(story.id, me.cookie)).map((t) => [t.name, t.messageCount])).toEqual([["Main", 1]]);
  });

  it("answers 404 to others' ids and deleted threads, 400 to bad names, and 409 past the thread cap", async () => {
    const me = await createVerifiedUserWithSession(db());
    const story = await createStory(db(), { authorId: me.user.id });
    const mine2 = await createStory(db(), { authorId: me.user.id });
    const other = await createVerifiedUserWithSession(db());
    const theirs = await createStory(db(), { authorId: other.user.id });
    const kept = await appendChatMessage(db(), story.id, "user", "Mine", new Date());
    const elsewhere = await appendChatMessage(db(), mine2.id, "user", "Other story", new Date());
    const foreign = await appendChatMessage(db(), theirs.id, "user", "Theirs", new Date());
    const { threadId: mainId } = await chatOf(story.id, me.cookie);
    const { threadId: otherStoryThread } = await chatOf(mine2.id, me.cookie);
    const { threadId: theirThread } = await chatOf(theirs.id, other.cookie);

    const notFound = [
      await branch(story.id, me.cookie, { fromMessageId: elsewhere!.id }),
      await branch(story.id, me.cookie, { fromMessageId: foreign!.id }),
      await branch(story.id, me.cookie, { fromMessageId: "s999999999" }),
      await branch(theirs.id, me.cookie, { fromMessageId: foreign!.id }),
      await call("GET", `/api/stories/${story.id}/chat?thread=${otherStoryThread}`, me.cookie),
      await call("POST", `/api/stories/${story.id}/chat?thread=${theirThread}`, me.cookie, {
        role: "user",
        content: "x",
        note: false,
      }),
      await call("PATCH", `/api/stories/${theirs.id}/chat/threads/${theirThread}`, me.cookie, { name: "Mine now" }),
      await call("DELETE", `/api/stories/${story.id}/chat/threads/${theirThread}`, me.cookie),
      await call("GET", `/api/stories/${theirs.id}/chat/threads`, me.cookie),
    ];
    expect(notFound.map((r) => r.statusCode)).toEqual(notFound.map(() => 404));
    expect(notFound[0]!.json()).toMatchObject({ message: CHAT_THREAD_MESSAGES.messageNotFound });

    const bad = [
      [await branch(story.id, me.cookie, { fromMessageId: "abc" }), CHAT_THREAD_MESSAGES.messageNotFound],
      [await branch(story.id, me.cookie, { fromMessageId: kept!.id, name: "   " }), CHAT_THREAD_MESSAGES.nameBlank],
      [
        await call("PATCH", `/api/stories/${story.id}/chat/threads/${mainId}`, me.cookie, { name: "x".repeat(61) }),
        CHAT_THREAD_MESSAGES.nameLong,
      ],
      [await call("GET", `/api/stories/${story.id}/chat?thread=abc`, me.cookie), undefined],
    ] as const;
    for (const [res, message] of bad) {
      expect(res.statusCode, res.body).toBe(400);
      if (message) expect(res.json()).toMatchObject({ message });
    }

    // A deleted thread: a clear 404 everywhere, and a chat sent to it is refused before it is charged.
    const made = (await branch(story.id, me.cookie, { fromMessageId: kept!.id })).json() as { id: number };
    await call("DELETE", `/api/stories/${story.id}/chat/threads/${made.id}`, me.cookie);
    const before = (await call("GET", "/api/marin", me.cookie)).json() as { promptsLeft: number };
    const gone = [
      await call("GET", `/api/stories/${story.id}/chat?thread=${made.id}`, me.cookie),
      await call("DELETE", `/api/stories/${story.id}/chat/threads/${made.id}`, me.cookie),
      await call("POST", "/api/chat-with-marin", me.cookie, {
        storyId: story.id,
        threadId: made.id,
        messages: [{ role: "user", content: "Still there?" }],
      }),
    ];
    expect(gone.map((r) => r.statusCode)).toEqual([404, 404, 404]);
    expect(gone[0]!.json()).toMatchObject({ message: CHAT_THREAD_MESSAGES.threadNotFound });
    expect(((await call("GET", "/api/marin", me.cookie)).json() as { promptsLeft: number }).promptsLeft).toBe(
      before.promptsLeft,
    );

    await db()
      .insert(marinChatThreads)
      .values(Array.from({ length: MARIN_CHAT_THREAD_LIMIT - 1 }, (_, i) => ({ storyId: story.id, name: `T${i}` })));
    const capped = await branch(story.id, me.cookie, { fromMessageId: kept!.id });
    expect(capped.statusCode).toBe(409);
    expect(capped.json()).toMatchObject({ message: CHAT_THREAD_MESSAGES.threadLimit });
  });

  it("trims each thread to its newest turns on its own", async () => {
    const me = await createVerifiedUserWithSession(db());
    const story = await createStory(db(), { authorId: me.user.id });
    const first = await appendChatMessage(db(), story.id, "user", "m0", new Date());
    const { threadId } = await chatOf(story.id, me.cookie);
    const at = new Date();
    await db()
      .insert(marinChatMessages)
      .values(
        Array.from({ length: MARIN_CHAT_LIMIT - 1 }, (_, i) => ({
          storyId: story.id,
          threadId: threadId!,
          role: "user" as const,
          content: `m${i + 1}`,
          createdAt: at,
        })),
      );
    const made = (await branch(story.id, me.cookie, { fromMessageId: first!.id })).json() as { id: number };
    await Promise.all(
      [0, 1, 2].map((i) => appendChatMessage(db(), story.id, "user", `late${i}`, new Date(), { threadId: threadId! })),
    );
    const main = await contents(story.id, me.cookie);
    expect(main).toHaveLength(MARIN_CHAT_LIMIT);
    expect(main[0]).toBe("m3");
    expect(await contents(story.id, me.cookie, made.id)).toEqual(["m0"]);
  });
});

// NOTE: on PostgreSQL only: replaying every migration on a fresh PGlite costs ~4 CPU-seconds (far more on a busy machine).
it.skipIf(!TEST_DATABASE_URL)(
  "migration 0036 made a story's existing chat its 'Main' thread",
  async () => {
    // The migrations up to 0035, as a database that had a chat before issue 32 was.
    const upTo35 = mkdtempSync(join(tmpdir(), "ff-migrations-"));
    cpSync(MIGRATIONS_DIR, upTo35, { recursive: true });
    const journalPath = join(upTo35, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < "0036");
    writeFileSync(journalPath, JSON.stringify(journal));
    const scratch = await createScratchDatabase(TEST_DATABASE_URL!);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      const db = drizzle(client, { schema }) as unknown as Db;
      await migrate(db as never, { migrationsFolder: upTo35 });
      const me = await createVerifiedUserWithSession(db);
      // NOTE: rows of the 0035 schema written by hand: the factories write every column the schema has now.
      const story = async (title: string) =>
        (
          await client.query<{ id: number }>("insert into stories (title, author_id) values ($1, $2) returning id", [
            title,
            me.user.id,
          ])
        ).rows[0]!;
      const [a, b] = [await story("A"), await story("B")];
      await client.query(`insert into marin_chat_messages (story_id, role, content, created_at) values
      (${a.id}, 'user', 'one', '2026-01-01T10:00:00Z'), (${a.id}, 'assistant', 'two', '2026-01-01T10:01:00Z'),
      (${b.id}, 'user', 'three', '2026-01-02T10:00:00Z')`);
      await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
      const threads = await client.query<{ story_id: number; name: string; n: number; updated_at: Date }>(
        `select t.story_id, t.name, t.updated_at, (select count(*)::int from marin_chat_messages m where m.thread_id = t.id) n
       from marin_chat_threads t order by t.story_id`,
      );
      expect(threads.rows.map((t) => [t.story_id, t.name, t.n])).toEqual([
        [a.id, "Main", 2],
        [b.id, "Main", 1],
      ]);
      expect(threads.rows[0]!.updated_at.toISOString()).toBe("2026-01-01T10:01:00.000Z");
    } finally {
      await client.end();
      await scratch.drop();
    }
  },
  90_000,
);
