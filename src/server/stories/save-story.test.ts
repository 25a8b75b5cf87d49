import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { STORY_CONTENT_MAX_BYTES } from "../../shared/limits";
import { stories } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { getOwnStoryOrThrow } from "./story-queries";
import { writeIfUnchanged } from "./update-story";

const STALE = "This story was changed somewhere else. Reload it or overwrite with your version.";

describeEachDb("stories: saving", (ctx) => {
  async function ownStory(overrides = {}) {
    const { db } = ctx().database;
    const session = await createVerifiedUserWithSession(db, {}, ctx().clock.now());
    const story = await createStory(db, { authorId: session.user.id, ...overrides });
    return { ...session, story };
  }
  const patch = (id: number, body: unknown, cookie: string) =>
    send(ctx().app, "PATCH", `/api/stories/${id}`, body, { cookie });

  it("bumps version and updatedAt on every save", async () => {
    const { story, cookie } = await ownStory();
    ctx().clock.advance(5_000);
    const first = await patch(story.id, { version: 1, title: "Second Draft", content: "<p>More</p>" }, cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      title: "Second Draft",
      content: "<p>More</p>",
      version: 2,
      updatedAt: ctx().clock.now().toISOString(),
    });
    ctx().clock.advance(5_000);
    const second = await patch(story.id, { version: 2 }, cookie);
    expect(second.json()).toMatchObject({ version: 3, updatedAt: ctx().clock.now().toISOString() });
  });

  it("refuses a stale version with 409 and the current story, then accepts the fresh version", async () => {
    const { story, cookie } = await ownStory({ title: "Original" });
    const tabA = await patch(story.id, { version: 1, content: "<p>From tab A</p>" }, cookie);
    expect(tabA.json().version).toBe(2);

    const tabB = await patch(story.id, { version: 1, content: "<p>From tab B</p>" }, cookie);
    expect(tabB.statusCode).toBe(409);
    const body = tabB.json();
    expect(body).toMatchObject({ message: STALE, code: "STALE_VERSION", currentVersion: 2 });
    expect(body.story).toMatchObject({ id: story.id, content: "<p>From tab A</p>", version: 2, title: "Original" });
    const [row] = await ctx().database.db.select().from(stories).where(eq(stories.id, story.id));
    expect([row!.content, row!.version]).toEqual(["<p>From tab A</p>", 2]);

    const retry = await patch(story.id, { version: body.currentVersion, content: "<p>From tab B</p>" }, cookie);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ content: "<p>From tab B</p>", version: 3 });
  });

  it("lets exactly one of two concurrent saves of the same version win", async () => {
    const { story, cookie } = await ownStory();
    const results = await Promise.all(
      ["<p>one</p>", "<p>two</p>", "<p>three</p>"].map((content) => patch(story.id, { version: 1, content }, cookie)),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    const [row] = await ctx().database.db.select().from(stories).where(eq(stories.id, story.id));
    expect([row!.content, row!.version]).toEqual([winner.content, 2]);
  });

  it("writes nothing when another save landed between the read and the write", async () => {
    const { db } = ctx().database;
    const { story, user } = await ownStory({ content: "<p>v1</p>" });
    const readBeforeRace = await getOwnStoryOrThrow(db, story.id, user.id);
    await db.update(stories).set({ content: "<p>other tab</p>", version: 2 }).where(eq(stories.id, story.id));
    const written = await writeIfUnchanged(
      db,
      readBeforeRace,
      { content: "<p>late</p>" },
      ["Drama"],
      ctx().clock.now(),
    );
    expect(written).toBe(false);
    const after = await getOwnStoryOrThrow(db, story.id, user.id);
    expect([after.content, after.version, after.tags]).toEqual(["<p>other tab</p>", 2, []]);
  });

  it("overwrites when no version is given", async () => {
    const { story, cookie } = await ownStory();
    await patch(story.id, { version: 1, content: "<p>elsewhere</p>" }, cookie);
    const res = await patch(story.id, { content: "<p>mine wins</p>" }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ content: "<p>mine wins</p>", version: 3 });
  });

  it("replaces the story's tags", async () => {
    const { story, cookie } = await ownStory({ tags: ["Anime", "Drama"] });
    const res = await patch(story.id, { tags: ["Romance", "Magic"] }, cookie);
    expect(res.json().tags).toEqual(["Magic", "Romance"]);
    const cleared = await patch(story.id, { tags: [] }, cookie);
    expect(cleared.json().tags).toEqual([]);
    const untouched = await patch(story.id, { title: "No tag change" }, cookie);
    expect(untouched.json().tags).toEqual([]);
  });

  it("updates the details page's fields and recomputes the rating", async () => {
    const { story, cookie } = await ownStory();
    const res = await patch(
      story.id,
      {
        description: "Quiet",
        characters: "Two pilots",
        setting: "Mars",
        plotIdeas: "A storm",
        moods: ["Fluff", "nsfw"],
      },
      cookie,
    );
    expect(res.json()).toMatchObject({
      description: "Quiet",
      // Plain text is stored as the characters object's description.
      characters: { lead: [], supporting: [], description: "Two pilots" },
      setting: "Mars",
      plotIdeas: "A storm",
      moods: ["Fluff", "nsfw"],
      rating: "mature",
    });
    const calm = await patch(story.id, { moods: ["Fluff"] }, cookie);
    expect(calm.json().rating).toBe("general");
  });

  it("sanitizes content on save", async () => {
    const { story, cookie } = await ownStory();
    const res = await patch(
      story.id,
      { content: '<h2 style="text-align:center;color:red">Chapter 2</h2><a href="javascript:alert(1)">x</a>' },
      cookie,
    );
    expect(res.json().content).toBe('<h2 style="text-align:center">Chapter 2</h2>x');
    const [row] = await ctx().database.db.select().from(stories).where(eq(stories.id, story.id));
    expect(row!.content).toBe('<h2 style="text-align:center">Chapter 2</h2>x');
  });

  it("answers 413 to content over 2 MB and keeps the story unchanged", async () => {
    const { story, cookie } = await ownStory({ content: "<p>safe</p>" });
    const huge = `<p>${"a".repeat(STORY_CONTENT_MAX_BYTES)}</p>`;
    const res = await patch(story.id, { version: 1, content: huge }, cookie);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: "Your story is too long to save. The limit is 2 MB of text.",
      code: "CONTENT_TOO_LARGE",
    });
    const create = await send(ctx().app, "POST", "/api/stories", { title: "Big", content: huge }, { cookie });
    expect(create.statusCode).toBe(413);
    const [row] = await ctx().database.db.select().from(stories).where(eq(stories.id, story.id));
    expect([row!.content, row!.version]).toEqual(["<p>safe</p>", 1]);
    const justUnder = await patch(story.id, { content: "é".repeat(STORY_CONTENT_MAX_BYTES / 2 - 8) }, cookie);
    expect(justUnder.statusCode).toBe(200);
  });

  it("keeps a premium theme a story already has, but a free user cannot add one", async () => {
    const { story, cookie } = await ownStory({ themes: ["slow-burn"] });
    const add = await patch(story.id, { themes: ["slow-burn", "nsfw"] }, cookie);
    expect(add.statusCode).toBe(403);
    expect(add.json().code).toBe("PREMIUM_REQUIRED");
    const lapsed = await ownStory({ themes: ["nsfw"] });
    const keep = await patch(lapsed.story.id, { themes: ["nsfw", "action"] }, lapsed.cookie);
    expect(keep.statusCode).toBe(200);
    expect(keep.json()).toMatchObject({ themes: ["nsfw", "action"], rating: "mature" });
  });
});
