// Issue 30 section 3, related works: every refusal (never naming a hidden work), the notification to the original's
// author, approve and reject, 'Inspired by …' on the new work's pages, 'Works inspired by this' on the original's,
// and a hidden original's title never shown — on PGlite and PostgreSQL.
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { publicChapterPath } from "../../shared/chapters";
import { publicStoryPath } from "../../shared/routes";
import {
  HIDDEN_ORIGINAL,
  INSPIRED_WORKS_HEADING,
  RELATED_SELF,
  RELATED_TOO_MANY,
  RELATED_TWICE,
  RELATED_UNAVAILABLE,
  RELATED_URL_INVALID,
} from "../../shared/schemas/gifts";
import { WRITE_UNAVAILABLE } from "../../shared/schemas/safety";
import { notifications, relatedWorks, stories } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession, type UserWithSession } from "../test/factories";

describeEachDb("related works", (ctx) => {
  const db = () => ctx().database.db;
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, who?: UserWithSession, body?: unknown) =>
    send(ctx().app, method, url, body, who ? { cookie: who.cookie } : {});
  const user = (overrides = {}) => createVerifiedUserWithSession(db(), overrides);
  const published = (authorId: number, overrides = {}) =>
    createStory(db(), { authorId, published: true, publishedAt: new Date(), ...overrides });
  const publish = (who: UserWithSession, id: number, extra: Record<string, unknown> = {}) =>
    call("POST", `/api/stories/${id}/publish`, who, { title: "The Second Lantern", description: "After.", ...extra });
  const linkNotes = (userId: number) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, "related_work")));
  const links = (storyId: number) => db().select().from(relatedWorks).where(eq(relatedWorks.storyId, storyId));

  it("links a work, tells its author once at publication, and lists it on the original after approval only", async () => {
    const original = await user();
    const writer = await user();
    const source = await published(original.user.id, { title: "The First Lantern" });
    const mine = await published(writer.user.id, { title: "My Own Earlier Work" });
    const draft = await createStory(db(), { authorId: writer.user.id, title: "The Second Lantern" });
    const relatedWorksBody = [
      { storyId: source.id, relation: "inspired-by" },
      { storyId: mine.id, relation: "sequel-to" },
      {
        url: "https://example.org/fic/1",
        title: "An Outside Tale",
        author: "Someone",
        relation: "translation-of",
        language: "French",
      },
    ];
    expect(
      (await call("PATCH", `/api/stories/${draft.id}`, writer, { relatedWorks: relatedWorksBody })).statusCode,
    ).toBe(200);
    // A draft tells nobody; the writer's own work needs no approval.
    expect(await linkNotes(original.user.id)).toHaveLength(0);
    const own = (await call("GET", `/api/stories/${draft.id}/gifts-and-links`, writer)).json();
    expect(own.relatedWorks).toMatchObject([
      { storyId: source.id, relation: "inspired-by", approved: false, title: "The First Lantern" },
      { storyId: mine.id, relation: "sequel-to", approved: true },
      { url: "https://example.org/fic/1", title: "An Outside Tale", author: "Someone", language: "French" },
    ]);

    expect((await publish(writer, draft.id)).statusCode).toBe(200);
    expect((await publish(writer, draft.id)).statusCode).toBe(200);
    const notes = await linkNotes(original.user.id);
    expect(notes).toHaveLength(1);
    const [link] = (await links(draft.id)).filter((l) => l.relatedStoryId === source.id);
    expect(notes[0]).toMatchObject({ storyId: draft.id, actorId: writer.user.id, subjectId: link!.id });
    const listed = (await call("GET", "/api/notifications", original)).json().items[0];
    expect(listed).toMatchObject({ type: "related_work", subject: { id: link!.id, state: "pending" } });

    // The new work says where it comes from, everywhere.
    const reader = await user();
    const read = (await call("GET", `/api/stories/${draft.id}/read`, reader)).json();
    expect(read.relatedWorks).toEqual([
      {
        kind: "story",
        relation: "inspired-by",
        language: null,
        story: {
          id: source.id,
          title: "The First Lantern",
          author: original.user.username,
          path: publicStoryPath(source.id, source.title),
        },
      },
      expect.objectContaining({
        kind: "story",
        relation: "sequel-to",
        story: expect.objectContaining({ id: mine.id }),
      }),
      {
        kind: "outside",
        relation: "translation-of",
        language: "French",
        url: "https://example.org/fic/1",
        title: "An Outside Tale",
        author: "Someone",
      },
    ]);
    const page = (await call("GET", publicStoryPath(draft.id, "The Second Lantern"))).body;
    expect(page).toContain(
      `Inspired by <a href="${publicStoryPath(source.id, source.title)}">The First Lantern</a> by`,
    );
    expect(page).toContain('Translation of <a href="https://example.org/fic/1" rel="nofollow ugc noopener">');
    expect(page).toContain("(in French)");
    const chapter = (await call("GET", publicChapterPath(draft.id, "The Second Lantern", 1))).body;
    expect(chapter).toContain("Inspired by <a");

    // Not on the original until its author approves (the own-work link shows on 'mine' at once).
    const before = (await call("GET", `/api/stories/${source.id}/read`, reader)).json();
    expect(before.inspiredWorks).toBeUndefined();
    expect((await call("GET", `/api/stories/${mine.id}/read`, reader)).json().inspiredWorks).toMatchObject([
      { id: draft.id, relation: "sequel-to" },
    ]);
    const cachedPage = (await call("GET", publicStoryPath(source.id, source.title))).body;
    expect(cachedPage).not.toContain(INSPIRED_WORKS_HEADING);

    // Only the original's author answers; approving lists it (the cached pages drop).
    expect((await call("POST", `/api/related-works/${link!.id}/approve`, writer)).statusCode).toBe(404);
    expect((await call("POST", `/api/related-works/${link!.id}/approve`, reader)).statusCode).toBe(404);
    expect((await call("POST", "/api/related-works/abc/approve", original)).statusCode).toBe(404);
    const approved = await call("POST", `/api/related-works/${link!.id}/approve`, original);
    expect(approved.json()).toEqual({ id: link!.id, approved: true });
    expect((await call("GET", `/api/stories/${source.id}/read`, reader)).json().inspiredWorks).toEqual([
      {
        id: draft.id,
        title: "The Second Lantern",
        author: writer.user.username,
        relation: "inspired-by",
        path: publicStoryPath(draft.id, "The Second Lantern"),
      },
    ]);
    const approvedPage = (await call("GET", publicStoryPath(source.id, source.title))).body;
    expect(approvedPage).toContain(INSPIRED_WORKS_HEADING);
    expect(approvedPage).toContain("The Second Lantern");
    expect((await call("GET", "/api/notifications", original)).json().items[0].subject.state).toBe("accepted");

    // Rejecting takes it off the original only; the new work keeps its link.
    expect((await call("POST", `/api/related-works/${link!.id}/reject`, original)).json()).toEqual({
      id: link!.id,
      approved: false,
    });
    expect((await call("GET", `/api/stories/${source.id}/read`, reader)).json().inspiredWorks).toBeUndefined();
    expect((await call("GET", publicStoryPath(source.id, source.title))).body).not.toContain(INSPIRED_WORKS_HEADING);
    expect((await call("GET", `/api/stories/${draft.id}/read`, reader)).json().relatedWorks[0].story.id).toBe(
      source.id,
    );

    // A re-save keeps the rows (and approvals): nobody is told again; removing the links removes them.
    await call("POST", `/api/related-works/${link!.id}/approve`, original);
    expect(
      (await call("PATCH", `/api/stories/${draft.id}`, writer, { relatedWorks: relatedWorksBody })).statusCode,
    ).toBe(200);
    expect((await links(draft.id)).find((l) => l.id === link!.id)?.approvedAt).not.toBeNull();
    expect(await linkNotes(original.user.id)).toHaveLength(1);
    expect((await call("PATCH", `/api/stories/${draft.id}`, writer, { relatedWorks: [] })).statusCode).toBe(200);
    expect(await links(draft.id)).toEqual([]);
    expect((await call("GET", `/api/stories/${source.id}/read`, reader)).json().inspiredWorks).toBeUndefined();
  });

  it("refuses every bad link with a 4xx naming relatedWorks, never naming a hidden work, and writes nothing", async () => {
    const writer = await user();
    const other = await user();
    const target = await createStory(db(), { authorId: writer.user.id, title: "Linking Work" });
    const hiddenTitles = {
      draft: "Secret Draft Title",
      ownDraft: "My Secret Draft",
      mature: "Adults Only Title",
      moderated: "Moderated Title",
    };
    const otherDraft = await createStory(db(), { authorId: other.user.id, title: hiddenTitles.draft });
    const ownDraft = await createStory(db(), { authorId: writer.user.id, title: hiddenTitles.ownDraft });
    const mature = await published(other.user.id, { title: hiddenTitles.mature, rating: "mature" });
    const moderated = await published(other.user.id, { title: hiddenTitles.moderated, moderationHiddenAt: new Date() });
    const fine = await published(other.user.id);
    const patch = (relatedWorks: unknown) =>
      call("PATCH", `/api/stories/${target.id}`, writer, { title: "Changed Title", relatedWorks });
    const expectRefused = async (relatedWorks: unknown, message: string, status = 400) => {
      const res = await patch(relatedWorks);
      expect(res.statusCode).toBe(status);
      const fields = res.json().fields as Record<string, string>;
      const [key, value] = Object.entries(fields)[0]!;
      expect(key).toMatch(/^relatedWorks/);
      expect(value).toBe(message);
      for (const title of Object.values(hiddenTitles)) expect(res.body).not.toContain(title);
    };
    for (const hidden of [otherDraft, ownDraft, mature, moderated]) {
      await expectRefused([{ storyId: hidden.id, relation: "inspired-by" }], RELATED_UNAVAILABLE);
    }
    await expectRefused([{ storyId: 2_000_000_000, relation: "remix-of" }], RELATED_UNAVAILABLE);
    await expectRefused([{ storyId: target.id, relation: "remix-of" }], RELATED_SELF);
    await expectRefused(
      [
        { storyId: fine.id, relation: "remix-of" },
        { storyId: fine.id, relation: "sequel-to" },
      ],
      RELATED_TWICE,
    );
    await expectRefused(
      Array.from({ length: 11 }, (_, i) => ({ url: `https://example.org/${i}`, title: "T", relation: "remix-of" })),
      RELATED_TOO_MANY,
    );
    await expectRefused([{ url: "javascript:alert(1)", title: "T", relation: "remix-of" }], RELATED_URL_INVALID);
    await expectRefused([{ url: "ftp://example.org/x", title: "T", relation: "remix-of" }], RELATED_URL_INVALID);
    await expectRefused(
      [{ url: `https://example.org/${"a".repeat(2000)}`, title: "T", relation: "remix-of" }],
      "The link must be at most 2,000 characters",
    );
    await expectRefused(
      [{ url: "https://example.org/", title: "T".repeat(201), relation: "remix-of" }],
      "Title must be at most 200 characters",
    );
    await expectRefused(
      [{ url: "https://example.org/", title: "T", author: "A".repeat(101), relation: "remix-of" }],
      "Author must be at most 100 characters",
    );
    await expectRefused(
      [{ url: "https://example.org/", title: "T", relation: "translation-of", language: "L".repeat(51) }],
      "Language must be at most 50 characters",
    );
    await expectRefused(
      [{ storyId: fine.id, relation: "fan-of" }],
      "Relation must be one of inspired-by, translation-of, remix-of, sequel-to",
    );
    // Blocks, both ways: the neutral answer.
    expect((await call("POST", `/api/blocks/${writer.user.username}`, other)).statusCode).toBe(200);
    await expectRefused([{ storyId: fine.id, relation: "remix-of" }], WRITE_UNAVAILABLE, 403);
    const publishRefused = await publish(writer, target.id, {
      relatedWorks: [{ storyId: fine.id, relation: "remix-of" }],
    });
    expect(publishRefused.statusCode).toBe(403);

    // Nothing was written: not the links, not the title, not the publication.
    expect(await links(target.id)).toEqual([]);
    const [row] = await db().select().from(stories).where(eq(stories.id, target.id));
    expect(row).toMatchObject({ title: "Linking Work", published: false });

    // A premium writer may link a mature work, and their own mature one needs no plan.
    const premium = await user({ isPremium: true });
    const premiumWork = await createStory(db(), { authorId: premium.user.id });
    const ok = await call("PATCH", `/api/stories/${premiumWork.id}`, premium, {
      relatedWorks: [{ storyId: mature.id, relation: "inspired-by" }],
    });
    expect(ok.statusCode).toBe(200);
  });

  it("shows a reader who may not read the original the relation without its title", async () => {
    const original = await user({ isPremium: true });
    const writer = await user({ isPremium: true });
    const free = await user();
    const matureOriginal = await published(original.user.id, { title: "Hidden Mature Original", rating: "mature" });
    const generalOriginal = await published(original.user.id, { title: "Soon Hidden Original" });
    const work = await createStory(db(), { authorId: writer.user.id, title: "Open Work" });
    const res = await publish(writer, work.id, {
      title: "Open Work",
      relatedWorks: [
        { storyId: matureOriginal.id, relation: "inspired-by" },
        { storyId: generalOriginal.id, relation: "remix-of" },
      ],
    });
    expect(res.statusCode).toBe(200);
    const read = await call("GET", `/api/stories/${work.id}/read`, free);
    expect(read.json().relatedWorks[0]).toEqual({
      kind: "story",
      relation: "inspired-by",
      language: null,
      story: null,
    });
    expect(read.body).not.toContain("Hidden Mature Original");
    expect(read.json().relatedWorks[1].story.title).toBe("Soon Hidden Original");
    const page = (await call("GET", publicStoryPath(work.id, "Open Work"))).body;
    expect(page).toContain(`Inspired by ${HIDDEN_ORIGINAL}`);
    expect(page).not.toContain("Hidden Mature Original");

    // The original unpublished later: the cached views drop its title too.
    expect((await call("POST", `/api/stories/${generalOriginal.id}/unpublish`, original)).statusCode).toBe(200);
    const after = await call("GET", `/api/stories/${work.id}/read`, free);
    expect(after.json().relatedWorks[1]).toEqual({ kind: "story", relation: "remix-of", language: null, story: null });
    expect(after.body).not.toContain("Soon Hidden Original");
    expect((await call("GET", publicStoryPath(work.id, "Open Work"))).body).not.toContain("Soon Hidden Original");

    // Its writer's own view no longer names it either, and a later save keeps the link it already had.
    const own = await call("GET", `/api/stories/${work.id}/gifts-and-links`, writer);
    expect(own.json().relatedWorks[1]).toMatchObject({ storyId: generalOriginal.id });
    expect(own.json().relatedWorks[1].title).toBeUndefined();
    expect(own.body).not.toContain("Soon Hidden Original");
    const resave = await call("PATCH", `/api/stories/${work.id}`, writer, {
      relatedWorks: [
        { storyId: generalOriginal.id, relation: "remix-of" },
        { url: "http://example.org/more", title: "More", relation: "inspired-by" },
      ],
    });
    expect(resave.statusCode).toBe(200);
    expect((await links(work.id)).map((l) => l.relatedStoryId ?? l.url)).toEqual(
      expect.arrayContaining([generalOriginal.id, "http://example.org/more"]),
    );
  });

  it("a renamed original author is renamed on the works linking to theirs", async () => {
    const original = await user();
    const writer = await user();
    const source = await published(original.user.id, { title: "Renamed Source" });
    const work = await published(writer.user.id, { title: "Linking Later" });
    const patched = await call("PATCH", `/api/stories/${work.id}`, writer, {
      relatedWorks: [{ storyId: source.id, relation: "sequel-to" }],
    });
    expect(patched.statusCode).toBe(200);
    const before = (await call("GET", `/api/stories/${work.id}/read`)).json();
    expect(before.relatedWorks[0].story.author).toBe(original.user.username);
    const renamed = `rn${original.user.id}`.slice(0, 10);
    expect((await call("PATCH", "/api/user", original, { username: renamed })).statusCode).toBe(200);
    expect((await call("GET", `/api/stories/${work.id}/read`)).json().relatedWorks[0].story.author).toBe(renamed);
  });
});
