import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { QUOTE_MAX_CHARS } from "../../shared/paragraphs";
import { comments, notifications, stories } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession, type UserWithSession } from "../test/factories";
import {
  NO_SUCH_CHAPTER,
  NO_SUCH_PARAGRAPH,
  PARAGRAPH_COMMENTS_OFF,
  PASSAGE_CHANGED,
  REPLY_TAKES_PARENT_ANCHOR,
} from "./paragraph-anchors";

// Two chapters; chapter 1 has an author's note before its heading (it belongs to chapter 1, as the reader shows it),
// a blank paragraph and a list, which the reader counts as the shared rule says.
const TEXT = [
  "<p>A note before it all.</p>",
  "<h2>Chapter 1: Rain</h2>",
  "<p>The rain came down on the harbour all night long, and nobody slept at all.</p>",
  "<p> </p>",
  "<p>Mara watched the <em>boats</em> rock.</p>",
  "<ul><li>one thing</li><li><p>another thing</p></li></ul>",
  "<hr>",
  "<p>Then the bell rang.</p>",
  "<h2>Chapter 2: Sun</h2>",
  "<p>Morning, at last.</p>",
].join("");

describeEachDb("reading: paragraph comments", (ctx) => {
  const db = () => ctx().database.db;
  const call = (method: "GET" | "POST" | "PATCH", url: string, who?: UserWithSession, body?: unknown) =>
    send(ctx().app, method, url, body, who ? { cookie: who.cookie } : {});
  const user = (overrides = {}) =>
    createVerifiedUserWithSession(db(), {
      createdAt: new Date(ctx().clock.now().getTime() - 2 * 86_400_000),
      ...overrides,
    });
  const work = async (author: UserWithSession, overrides = {}) =>
    createStory(db(), {
      authorId: author.user.id,
      published: true,
      publishedAt: new Date(),
      content: TEXT,
      ...overrides,
    });
  let written = 0;
  // NOTE: each text new: the same text a third time in an hour is refused (moderation/new-account-limits.ts).
  const post = (who: UserWithSession, storyId: number, body: object) =>
    call("POST", `/api/stories/${storyId}/comments`, who, { content: `Lovely line ${++written}.`, ...body });
  const counts = async (storyId: number, chapter: number, who?: UserWithSession) =>
    (await call("GET", `/api/stories/${storyId}/paragraph-comments?chapter=${chapter}`, who)).json();
  const onParagraph = async (storyId: number, chapter: number, paragraph: number | "changed", who?: UserWithSession) =>
    (await call("GET", `/api/stories/${storyId}/comments?chapter=${chapter}&paragraph=${paragraph}`, who)).json();
  const editText = async (author: UserWithSession, storyId: number, content: string) => {
    const [row] = await db().select({ version: stories.version }).from(stories).where(eq(stories.id, storyId));
    const res = await call("PATCH", `/api/stories/${storyId}`, author, { version: row!.version, content });
    expect(res.statusCode).toBe(200);
  };

  it("anchors a comment to a paragraph as the reader counts them, with the server's quote, and counts it there", async () => {
    const [author, reader] = [await user(), await user()];
    const story = await work(author);
    // Paragraphs of chapter 1: the note (0), 'The rain…' (1), 'Mara…' (2), 'one thing' (3), 'another thing' (4),
    // 'Then the bell rang.' (5); the blank paragraph, the heading and the scene break are none.
    const res = await post(reader, story.id, { anchor: { chapter: 1, paragraph: 2, quote: "Mara watched" } });
    expect(res.statusCode).toBe(201);
    expect(res.json().anchor).toEqual({ chapter: 1, paragraph: 2, quote: "Mara watched the boats rock." });
    const long = await post(reader, story.id, { anchor: { chapter: 1, paragraph: 1 } });
    expect(long.json().anchor.quote).toBe("The rain came down on the harbour all night long, and nobody");
    expect((await post(reader, story.id, { anchor: { chapter: 1, paragraph: 5 } })).json().anchor.quote).toBe(
      "Then the bell rang.",
    );
    expect((await post(reader, story.id, { anchor: { chapter: 2, paragraph: 0 } })).statusCode).toBe(201);
    expect((await post(reader, story.id, { content: "On the whole work." })).json().anchor).toBeUndefined();

    expect(await counts(story.id, 1)).toEqual({ enabled: true, counts: { "1": 1, "2": 1, "5": 1 }, changed: 0 });
    expect(await counts(story.id, 2)).toEqual({ enabled: true, counts: { "0": 1 }, changed: 0 });
    // The work's list holds them all, each with its anchor; a paragraph's list only its own.
    const all = (await call("GET", `/api/stories/${story.id}/comments`)).json();
    expect(all.total).toBe(5);
    expect(all.items.map((c: { anchor?: { paragraph: number } }) => c.anchor?.paragraph ?? null)).toEqual([
      2,
      1,
      5,
      0,
      null,
    ]);
    const second = await onParagraph(story.id, 1, 2);
    expect(second.items.map((c: { id: number }) => c.id)).toEqual([res.json().id]);
    expect(second.total).toBe(1);
    expect((await onParagraph(story.id, 1, 0)).items).toEqual([]);
    // A whole chapter's, and the story's comment count moves for each as for any comment.
    expect((await call("GET", `/api/stories/${story.id}/comments?chapter=1`)).json().total).toBe(3);
    const [row] = await db().select({ n: stories.commentCount }).from(stories).where(eq(stories.id, story.id));
    expect(row!.n).toBe(5);
  });

  it("gives a reply its parent's anchor, and refuses an anchor sent with a reply", async () => {
    const [author, reader] = [await user(), await user()];
    const story = await work(author);
    const first = (await post(reader, story.id, { anchor: { chapter: 1, paragraph: 2 } })).json();
    const reply = await post(author, story.id, { content: "Thank you!", parentId: first.id });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().anchor).toEqual(first.anchor);
    const edited = await call("PATCH", `/api/comments/${first.id}`, reader, { content: "Edited, still here." });
    expect(edited.json()).toMatchObject({ content: "Edited, still here.", anchor: first.anchor });
    const both = await post(author, story.id, { parentId: first.id, anchor: { chapter: 1, paragraph: 1 } });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ message: REPLY_TAKES_PARENT_ANCHOR });
    const thread = await onParagraph(story.id, 1, 2);
    expect(thread.items.map((c: { id: number }) => c.id)).toEqual([first.id, reply.json().id]);
    expect(await counts(story.id, 1)).toMatchObject({ counts: { "2": 2 } });
  });

  it.each([
    ["a chapter past the end", { chapter: 3, paragraph: 0 }, 400, NO_SUCH_CHAPTER],
    ["a paragraph past the end", { chapter: 1, paragraph: 6 }, 400, NO_SUCH_PARAGRAPH],
    ["a paragraph past the end, with a quote", { chapter: 2, paragraph: 9, quote: "Nothing" }, 400, NO_SUCH_PARAGRAPH],
    [
      "a quote no paragraph starts with",
      { chapter: 1, paragraph: 2, quote: "Nobody wrote this" },
      409,
      PASSAGE_CHANGED,
    ],
    ["chapter 0", { chapter: 0, paragraph: 0 }, 400, "Invalid anchor"],
    ["a negative paragraph", { chapter: 1, paragraph: -1 }, 400, "Invalid anchor"],
    ["a fractional paragraph", { chapter: 1, paragraph: 1.5 }, 400, "Invalid anchor"],
    ["a paragraph as text", { chapter: 1, paragraph: "2" }, 400, "Invalid anchor"],
    ["a huge chapter", { chapter: 2 ** 40, paragraph: 0 }, 400, "Invalid anchor"],
    ["an oversized quote", { chapter: 1, paragraph: 1, quote: "x".repeat(401) }, 400, "Invalid anchor"],
    ["an anchor that is not an object", "1:2", 400, undefined],
  ])("refuses %s, and it costs no comment", async (_name, anchor, status, message) => {
    const [author, reader] = [await user(), await user()];
    const story = await work(author);
    const res = await post(reader, story.id, { anchor });
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json().message).toBe(message);
    const rows = await db().select({ id: comments.id }).from(comments).where(eq(comments.storyId, story.id));
    expect(rows).toEqual([]);
    // Nothing of the allowance was taken: five comments in this minute still go through.
    for (let i = 0; i < 5; i++)
      expect((await post(reader, story.id, { content: `Comment ${i}` })).statusCode).toBe(201);
  });

  it("finds a paragraph moved by an edit again by its quote, and keeps one whose passage is gone under 'changed'", async () => {
    const [author, reader] = [await user(), await user()];
    const story = await work(author);
    const bell = (await post(reader, story.id, { anchor: { chapter: 1, paragraph: 5 } })).json();
    const mara = (await post(reader, story.id, { anchor: { chapter: 1, paragraph: 2 } })).json();
    const rain = (await post(reader, story.id, { anchor: { chapter: 1, paragraph: 1 } })).json();
    // Two paragraphs added before the bell, Mara's rewritten, the rain's kept but a later word changed.
    await editText(
      author,
      story.id,
      TEXT.replace(
        "<p>Mara watched the <em>boats</em> rock.</p>",
        "<p>Mara slept.</p><p>New one.</p><p>Another.</p>",
      ).replace("slept at all", "stirred at all"),
    );
    expect(await counts(story.id, 1)).toEqual({ enabled: true, counts: { "1": 1, "7": 1 }, changed: 1 });
    const all = (await call("GET", `/api/stories/${story.id}/comments`)).json();
    const anchorOf = (id: number) => all.items.find((c: { id: number }) => c.id === id).anchor;
    expect(anchorOf(bell.id)).toEqual({ chapter: 1, paragraph: 7, quote: "Then the bell rang." });
    expect(anchorOf(rain.id).paragraph).toBe(1);
    expect(anchorOf(mara.id)).toEqual({ chapter: 1, paragraph: null, quote: "Mara watched the boats rock." });
    expect((await onParagraph(story.id, 1, "changed")).items.map((c: { id: number }) => c.id)).toEqual([mara.id]);
    expect((await onParagraph(story.id, 1, 7)).items.map((c: { id: number }) => c.id)).toEqual([bell.id]);

    // A comment written on the page as it was (paragraph 5, 'Then the bell') lands where that paragraph is now.
    const late = await post(reader, story.id, { anchor: { chapter: 1, paragraph: 5, quote: "Then the bell" } });
    expect(late.json().anchor).toEqual({ chapter: 1, paragraph: 7, quote: "Then the bell rang." });
    // Two paragraphs starting alike: the one nearest the stored place wins.
    await editText(author, story.id, "<p>Echo.</p><p>Middle.</p><p>Middle.</p><p>Echo.</p><p>x</p><p>Echo.</p>");
    expect(await counts(story.id, 1)).toEqual({ enabled: true, counts: {}, changed: 4 });
    const echo = await post(reader, story.id, { anchor: { chapter: 1, paragraph: 4, quote: "Echo." } });
    expect(echo.json().anchor.paragraph).toBe(3);
    // A chapter that went: its comments are all 'changed' (they still list in the work's comments).
    expect(await counts(story.id, 2)).toEqual({ enabled: true, counts: {}, changed: 0 });
  });

  it("lets the author turn paragraph comments off and on, with the rest of commenting unchanged", async () => {
    const [author, reader] = [await user(), await user()];
    const story = await work(author);
    const before = (await post(reader, story.id, { anchor: { chapter: 1, paragraph: 1 } })).json();
    const [row] = await db().select({ version: stories.version }).from(stories).where(eq(stories.id, story.id));
    const off = await call("PATCH", `/api/stories/${story.id}`, author, {
      version: row!.version,
      paragraphComments: false,
    });
    expect(off.json()).toMatchObject({ paragraphComments: false });
    expect((await call("GET", `/api/stories/${story.id}`, author)).json().paragraphComments).toBe(false);
    const refused = await post(reader, story.id, { anchor: { chapter: 1, paragraph: 1 } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: PARAGRAPH_COMMENTS_OFF, code: "PARAGRAPH_COMMENTS_OFF" });
    expect(await counts(story.id, 1)).toMatchObject({ enabled: false });
    // What was written stays, with its replies; a comment on the work still goes.
    expect((await post(author, story.id, { content: "Thanks", parentId: before.id })).statusCode).toBe(201);
    expect((await post(reader, story.id, { content: "On the work" })).statusCode).toBe(201);
    const on = await call("PATCH", `/api/stories/${story.id}`, author, {
      version: row!.version + 1,
      paragraphComments: true,
    });
    expect(on.statusCode).toBe(200);
    expect((await post(reader, story.id, { anchor: { chapter: 1, paragraph: 1 } })).statusCode).toBe(201);
  });

  it("applies blocks, holds and moderation to paragraph comments as to any, in the counts too", async () => {
    const [author, reader, blocked, moderator] = [
      await user(),
      await user(),
      await user(),
      await user({ role: "moderator" }),
    ];
    const fresh = await createVerifiedUserWithSession(db(), { createdAt: ctx().clock.now() });
    const story = await work(author);
    const anchor = { chapter: 1, paragraph: 1 };
    // A new account's comment with a link waits for a moderator: its writer sees it, nobody else counts it.
    const held = await post(fresh, story.id, { content: "See www.example.com", anchor });
    expect(held.json()).toMatchObject({ awaitingReview: true, anchor: { paragraph: 1 } });
    expect(await counts(story.id, 1)).toMatchObject({ counts: {} });
    expect(await counts(story.id, 1, fresh)).toMatchObject({ counts: { "1": 1 } });
    expect((await onParagraph(story.id, 1, 1, reader)).items).toEqual([]);
    // The author blocks a writer: they may not comment on a paragraph either, and their earlier one is hidden.
    const early = (await post(blocked, story.id, { content: "SECRET early", anchor })).json();
    expect((await call("POST", `/api/blocks/${blocked.user.username}`, author)).statusCode).toBeLessThan(300);
    expect((await post(blocked, story.id, { anchor })).statusCode).toBe(403);
    expect(await counts(story.id, 1, reader)).toMatchObject({ counts: {} });
    expect(JSON.stringify(await onParagraph(story.id, 1, 1, reader))).not.toContain("SECRET");
    expect((await onParagraph(story.id, 1, 1, blocked)).items.map((c: { id: number }) => c.id)).toEqual([early.id]);
    // A moderator hides a visible one: it leaves the count.
    const visible = (await post(reader, story.id, { anchor })).json();
    expect(await counts(story.id, 1)).toMatchObject({ counts: { "1": 1 } });
    const hide = await call("POST", "/api/moderation/actions", moderator, {
      action: "hide-comment",
      targetType: "comment",
      targetId: String(visible.id),
      reason: "Checked",
    });
    expect(hide.statusCode).toBe(200);
    expect(await counts(story.id, 1)).toMatchObject({ counts: {} });
  });

  it("shows the author a paragraph comment in the Feedback panel beside the paragraph's first words", async () => {
    const [author, reader] = [await user(), await user()];
    const story = await work(author);
    const on = (await post(reader, story.id, { anchor: { chapter: 1, paragraph: 2 } })).json();
    await post(reader, story.id, { content: "On the work." });
    const page = (await call("GET", `/api/stories/${story.id}/feedback`, author)).json();
    expect(page.items.map((c: { anchor?: unknown }) => c.anchor ?? null)).toEqual([
      null,
      { chapter: 1, paragraph: 2, quote: "Mara watched the boats rock." },
    ]);
    expect(page.items[1].id).toBe(on.id);
    // After an edit that drops the paragraph, the panel says so (paragraph null) and keeps the words it was on.
    await editText(author, story.id, TEXT.replace("Mara watched", "Tom watched"));
    const after = (await call("GET", `/api/stories/${story.id}/feedback`, author)).json();
    expect(after.items[1].anchor).toEqual({ chapter: 1, paragraph: null, quote: "Mara watched the boats rock." });
  });

  it("notifies the author of a paragraph comment as of any comment", async () => {
    const [author, reader] = [await user(), await user()];
    const story = await work(author);
    await post(reader, story.id, { anchor: { chapter: 1, paragraph: 1 } });
    await ctx().app.background.settled();
    const rows = await db().select().from(notifications).where(eq(notifications.userId, author.user.id));
    expect(rows.map((n) => n.type)).toEqual(["comment"]);
  });

  it("bounds the quote it keeps, and answers 404 for a story one may not read", async () => {
    const [author, reader] = [await user(), await user()];
    const word = "w".repeat(60);
    const story = await work(author, { content: `<p>${word} ${word} ${word}</p>` });
    const res = await post(reader, story.id, { anchor: { chapter: 1, paragraph: 0 } });
    expect(res.json().anchor.quote.length).toBeLessThanOrEqual(QUOTE_MAX_CHARS);
    const draft = await createStory(db(), { authorId: author.user.id, content: TEXT });
    expect((await post(reader, draft.id, { anchor: { chapter: 1, paragraph: 0 } })).statusCode).toBe(404);
    expect((await call("GET", `/api/stories/${draft.id}/paragraph-comments?chapter=1`)).statusCode).toBe(404);
    for (const bad of ["chapter=0", "chapter=x", "", "chapter=1&paragraph=-1", "paragraph=2"]) {
      const url = bad.includes("paragraph") ? `comments?${bad}` : `paragraph-comments?${bad}`;
      expect((await call("GET", `/api/stories/${story.id}/${url}`)).statusCode).toBe(400);
    }
  });
});
