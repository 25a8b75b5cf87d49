import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { stories } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";

const CREATION = {
  title: "The Clockwork Heir",
  content: "",
  themes: ["slow-burn", "adventure"],
  characters: { lead: ["Stoic", "Sunbeam"], supporting: ["Bookworm"], description: "Two rivals." },
  setting: "A floating city",
  plotIdeas: "A stolen key.",
  moods: { romance: 50, angst: 30, humor: 40, spice: 20, chaos: 25, adventure: 35, action: 40 },
  fandoms: ["Star Wars"],
  coverImage: null,
};

describeEachDb("stories: create, list, read", (ctx) => {
  const signIn = (overrides = {}) => createVerifiedUserWithSession(ctx().database.db, overrides, ctx().clock.now());

  it("creates a story with the creation defaults and answers the StoryView", async () => {
    const { user, cookie } = await signIn();
    const res = await send(
      ctx().app,
      "POST",
      "/api/stories",
      { ...CREATION, authorId: 999, published: true },
      { cookie },
    );
    expect(res.statusCode).toBe(201);
    const story = res.json();
    expect(story).toMatchObject({
      title: "The Clockwork Heir",
      description: "Setting: A floating city",
      content: "",
      authorId: user.id,
      published: false,
      template: null,
      themes: ["slow-burn", "adventure"],
      characters: CREATION.characters,
      setting: "A floating city",
      plotIdeas: "A stolen key.",
      moods: CREATION.moods,
      fandoms: ["Star Wars"],
      coverImage: null,
      tags: [],
      version: 1,
      rating: "general",
    });
    expect(story.createdAt).toBe(ctx().clock.now().toISOString());
    expect(story.updatedAt).toBe(story.createdAt);
  });

  it("defaults the title, and accepts JSON text for JSON fields", async () => {
    const { cookie } = await signIn();
    const res = await send(
      ctx().app,
      "POST",
      "/api/stories",
      { themes: '["from-scratch"]', moods: '{"romance":10}', fandoms: '["Naruto"]', characters: '{"lead":["Broody"]}' },
      { cookie },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: "Untitled Story",
      description: null,
      themes: ["from-scratch"],
      moods: { romance: 10 },
      fandoms: ["Naruto"],
      characters: { lead: ["Broody"], supporting: [], description: "" },
    });
  });

  it("stores plain-text characters and fandoms in the normalized shapes", async () => {
    const { cookie } = await signIn();
    const res = await send(
      ctx().app,
      "POST",
      "/api/stories",
      { characters: "Ren and Mika", fandoms: "Naruto, Bleach\nnaruto" },
      { cookie },
    );
    expect(res.statusCode).toBe(201);
    const [row] = await ctx().database.db.select().from(stories).where(eq(stories.id, res.json().id));
    expect(row).toMatchObject({
      characters: { lead: [], supporting: [], description: "Ren and Mika" },
      fandoms: ["Naruto", "Bleach"],
    });
    const patched = await send(ctx().app, "PATCH", `/api/stories/${row!.id}`, { fandoms: "One Piece" }, { cookie });
    expect(patched.json().fandoms).toEqual(["One Piece"]);
  });

  it("reads a row stored in the older shapes as today's", async () => {
    const { user, cookie } = await signIn();
    const old = await createStory(ctx().database.db, {
      authorId: user.id,
      characters: "Just Bob",
      fandoms: "Naruto, Bleach",
      moods: '["cosy"]',
      themes: null,
    });
    const res = await send(ctx().app, "GET", `/api/stories/${old.id}`, undefined, { cookie });
    expect(res.json()).toMatchObject({
      characters: { lead: [], supporting: [], description: "Just Bob" },
      fandoms: ["Naruto", "Bleach"],
      moods: ["cosy"],
      themes: [],
    });
  });

  it("sanitizes content on create and strips control characters from plain text", async () => {
    const { cookie } = await signIn();
    const res = await send(
      ctx().app,
      "POST",
      "/api/stories",
      {
        title: "Safe",
        description: "Bell\u0007 and <b>tags</b>\nstay",
        content: '<p onclick="x()">Hi<script>alert(1)</script></p>',
      },
      { cookie },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().content).toBe("<p>Hi</p>");
    expect(res.json().description).toBe("Bell and <b>tags</b>\nstay");
    const [row] = await ctx().database.db.select().from(stories).where(eq(stories.id, res.json().id));
    expect(row!.content).toBe("<p>Hi</p>");
  });

  it("refuses the nsfw theme to a free user with 403, allows it for premium and rates the story mature", async () => {
    const free = await signIn();
    const refused = await send(ctx().app, "POST", "/api/stories", { ...CREATION, themes: ["nsfw"] }, free.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: "The NSFW theme is a premium feature. Upgrade to premium to use it.",
      code: "PREMIUM_REQUIRED",
    });
    const premium = await signIn({ isPremium: true });
    const allowed = await send(ctx().app, "POST", "/api/stories", { ...CREATION, themes: ["nsfw"] }, premium.headers);
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json().rating).toBe("mature");
  });

  it("rates a story mature by the NSFW rule's words and spice level", async () => {
    const { cookie } = await signIn();
    const byWord = await send(ctx().app, "POST", "/api/stories", { ...CREATION, title: "An Adult Tale" }, { cookie });
    expect(byWord.json().rating).toBe("mature");
    const bySpice = await send(ctx().app, "POST", "/api/stories", { ...CREATION, moods: { spice: 90 } }, { cookie });
    expect(bySpice.json().rating).toBe("mature");
  });

  it("lists only the user's own stories, newest save first, with thumbnail cover URLs", async () => {
    const { db } = ctx().database;
    const { user, cookie } = await signIn();
    const t0 = ctx().clock.now().getTime();
    const older = await createStory(db, { authorId: user.id, title: "Older", updatedAt: new Date(t0 - 60_000) });
    const newer = await createStory(db, { authorId: user.id, title: "Newer", updatedAt: new Date(t0 - 1_000) });
    await createStory(db, { title: "Somebody else's" });
    const png = (await import("../test/images")).solidImage;
    const cover = await send(
      ctx().app,
      "PATCH",
      `/api/stories/${older.id}`,
      { coverImage: `data:image/png;base64,${(await png("png")).toString("base64")}` },
      { cookie },
    );
    expect(cover.statusCode).toBe(200);
    const coverId = cover.json().coverImage.replace("/api/images/", "");

    const res = await send(ctx().app, "GET", "/api/stories", undefined, { cookie });
    expect(res.statusCode).toBe(200);
    // The PATCH moved "Older" to the top: it is now the most recently saved.
    expect(res.json()).toEqual([
      {
        id: older.id,
        title: "Older",
        coverImage: `/api/images/${coverId}?size=thumb`,
        updatedAt: ctx().clock.now().toISOString(),
        published: false,
        coWritten: false,
      },
      {
        id: newer.id,
        title: "Newer",
        coverImage: null,
        updatedAt: new Date(t0 - 1_000).toISOString(),
        published: false,
        coWritten: false,
      },
    ]);
  });

  it("reads the owner's story with its tags, sanitizing stored content again", async () => {
    const { user, cookie } = await signIn();
    const story = await createStory(ctx().database.db, {
      authorId: user.id,
      content: '<p>Kept</p><img src=x onerror="alert(1)"><iframe src="https://evil.test"></iframe>',
      tags: ["Romance", "Anime"],
    });
    const res = await send(ctx().app, "GET", `/api/stories/${story.id}`, undefined, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: story.id, content: "<p>Kept</p>", tags: ["Anime", "Romance"], version: 1 });
  });

  it("answers 401 to every story route without a session", async () => {
    const { app } = ctx();
    for (const [method, url] of [
      ["GET", "/api/stories"],
      ["POST", "/api/stories"],
      ["GET", "/api/stories/1"],
      ["PATCH", "/api/stories/1"],
      ["DELETE", "/api/stories/1"],
      ["POST", "/api/stories/1/publish"],
      ["POST", "/api/stories/1/unpublish"],
    ] as const) {
      const res = await send(app, method, url, method === "POST" || method === "PATCH" ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describeEachDb("stories: ownership", (ctx) => {
  it("answers 404 'Story not found' to anybody but the author, and for missing ids", async () => {
    const { db } = ctx().database;
    const story = await createStory(db, { title: "Private" });
    const stranger = await createVerifiedUserWithSession(db, {}, ctx().clock.now());
    const publish = { title: "Mine now", description: "Stolen", tags: [] };
    const attempts = [
      ["GET", `/api/stories/${story.id}`, undefined],
      ["PATCH", `/api/stories/${story.id}`, { title: "Hijacked" }],
      ["DELETE", `/api/stories/${story.id}`, undefined],
      ["POST", `/api/stories/${story.id}/publish`, publish],
      ["POST", `/api/stories/${story.id}/unpublish`, undefined],
      ["GET", "/api/stories/999999", undefined],
      ["PATCH", "/api/stories/999999", { title: "Ghost" }],
      ["GET", "/api/stories/abc", undefined],
    ] as const;
    for (const [method, url, body] of attempts) {
      const res = await send(ctx().app, method, url, body, stranger.headers);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: "Story not found", code: "NOT_FOUND" });
    }
    const [row] = await db.select().from(stories).where(eq(stories.id, story.id));
    expect(row).toMatchObject({ title: "Private", published: false, version: 1 });
  });
});
