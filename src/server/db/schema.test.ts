import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDb } from "../test/app";
import { bookmarks, images, likes, sessions, stories, storyTags, tags, users } from "./schema";

describeEachDb("schema and migrations", (ctx) => {
  const db = () => ctx().database.db;
  let n = 0;
  const newUser = async (name = `user${++n}`) => {
    const [user] = await db()
      .insert(users)
      .values({ username: name, email: `${name}@example.com` })
      .returning();
    return user!;
  };

  it("creates every table", async () => {
    const result = (await db().execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )) as unknown as { rows: { table_name: string }[] };
    const rows = result.rows;
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        "bookmarks",
        "comments",
        "images",
        "likes",
        "password_resets",
        "referrals",
        "sessions",
        "stories",
        "story_tags",
        "stripe_events",
        "tags",
        "users",
      ]),
    );
  });

  it("runs the app's PostgreSQL sessions without JIT compilation (migration 0025; decision 0072)", async () => {
    if (ctx().database.kind !== "postgres") return;
    const result = (await db().execute(sql`show jit`)) as unknown as { rows: { jit: string }[] };
    expect(result.rows[0]?.jit).toBe("off");
  });

  it("gives users the spec's defaults", async () => {
    const user = await newUser();
    expect(user).toMatchObject({
      emailVerified: false,
      authProvider: "email",
      isPremium: false,
      dailyPromptCount: 0,
      password: null,
      googleId: null,
    });
  });

  it("keeps usernames and emails unique regardless of case", async () => {
    await newUser("CaseFan");
    await expect(db().insert(users).values({ username: "casefan", email: "other@example.com" })).rejects.toThrow();
    await expect(db().insert(users).values({ username: "other", email: "CASEFAN@example.com" })).rejects.toThrow();
  });

  it("refuses an unknown auth provider", async () => {
    await expect(
      db().insert(users).values({ username: "prov", email: "prov@example.com", authProvider: "github" }),
    ).rejects.toThrow();
  });

  it("allows one like and one bookmark per user and story", async () => {
    const user = await newUser();
    const [story] = await db().insert(stories).values({ title: "T", authorId: user.id }).returning();
    await db().insert(likes).values({ storyId: story!.id, userId: user.id });
    await expect(db().insert(likes).values({ storyId: story!.id, userId: user.id })).rejects.toThrow();
    await db().insert(bookmarks).values({ storyId: story!.id, userId: user.id });
    await expect(db().insert(bookmarks).values({ storyId: story!.id, userId: user.id })).rejects.toThrow();
  });

  it("keeps tag names unique and cascades deletes deliberately", async () => {
    const user = await newUser();
    const [image] = await db()
      .insert(images)
      .values({
        id: `img${n}`,
        ownerId: user.id,
        mimeType: "image/jpeg",
        width: 1,
        height: 1,
        data: Buffer.from([1]),
        thumbnail: Buffer.from([2]),
      })
      .returning();
    const [story] = await db()
      .insert(stories)
      .values({ title: "T", authorId: user.id, coverImageId: image!.id })
      .returning();
    const [tag] = await db()
      .insert(tags)
      .values({ name: `Tag${n}` })
      .returning();
    await expect(
      db()
        .insert(tags)
        .values({ name: `Tag${n}` }),
    ).rejects.toThrow();
    await db().insert(storyTags).values({ storyId: story!.id, tagId: tag!.id });
    await db()
      .insert(sessions)
      .values({ id: `s${n}`, userId: user.id, expiresAt: new Date(Date.now() + 1000) });

    await db().delete(users).where(eq(users.id, user.id));
    expect(await db().select().from(stories).where(eq(stories.id, story!.id))).toEqual([]);
    expect(await db().select().from(storyTags).where(eq(storyTags.storyId, story!.id))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    // Images outlive their uploader (other stories may share the bytes); tags outlive their stories.
    const [kept] = await db().select({ ownerId: images.ownerId }).from(images).where(eq(images.id, image!.id));
    expect(kept).toEqual({ ownerId: null });
    expect(await db().select().from(tags).where(eq(tags.id, tag!.id))).toHaveLength(1);
  });

  it("round-trips JSON fields and bytes the same way on both databases", async () => {
    const user = await newUser();
    const [story] = await db()
      .insert(stories)
      .values({
        title: "T",
        authorId: user.id,
        moods: { romance: 50 },
        fandoms: ["Naruto"],
        characters: { lead: ["Stoic"], supporting: [], description: "" },
      })
      .returning();
    const [row] = await db().select().from(stories).where(eq(stories.id, story!.id));
    expect(row).toMatchObject({
      moods: { romance: 50 },
      fandoms: ["Naruto"],
      characters: { lead: ["Stoic"] },
      version: 1,
      rating: "general",
      published: false,
      content: "",
    });
    const [image] = await db()
      .insert(images)
      .values({
        id: `bytes${n}`,
        mimeType: "image/png",
        width: 2,
        height: 3,
        data: Buffer.from([0, 255, 7]),
        thumbnail: Buffer.from([9]),
      })
      .returning();
    const [read] = await db().select().from(images).where(eq(images.id, image!.id));
    expect(Buffer.isBuffer(read!.data)).toBe(true);
    expect([...read!.data!]).toEqual([0, 255, 7]);
  });
});
