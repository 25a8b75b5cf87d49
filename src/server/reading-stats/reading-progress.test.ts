import { expect, it } from "vitest";
import { createSession, SESSION_COOKIE } from "../accounts/sessions";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";

describeEachDb("resume reading, Continue reading and History", (ctx) => {
  const db = () => ctx().database.db;
  const call = (method: "GET" | "PUT" | "DELETE", url: string, cookie?: string, body?: unknown) =>
    send(ctx().app, method, url, body, cookie ? { cookie } : {});
  const published = (overrides = {}) => createStory(db(), { published: true, publishedAt: new Date(), ...overrides });
  const save = (storyId: number, cookie: string, chapter: number, position: number, overall: number) =>
    call("PUT", `/api/stories/${storyId}/progress`, cookie, { chapter, position, overall });
  const titles = (items: { title: string }[]) => items.map((i) => i.title);

  it("resumes on another device where the reader stopped; refuses bad positions and stories one may not read", async () => {
    const reader = await createVerifiedUserWithSession(db());
    const phone = `${SESSION_COOKIE}=${(await createSession(db(), reader.user.id, new Date())).token}`;
    const story = await published();
    expect((await call("GET", `/api/stories/${story.id}/progress`, phone)).json()).toEqual({ progress: null });
    expect((await save(story.id, reader.cookie, 3, 0.42, 0.6)).statusCode).toBe(204);
    const there = (await call("GET", `/api/stories/${story.id}/progress`, phone)).json();
    expect(there.progress).toMatchObject({ chapter: 3, overall: 0.6 });
    expect(there.progress.position).toBeCloseTo(0.42, 5);

    const bad = await save(story.id, reader.cookie, 0, 0.5, 0.5);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("chapter must be a whole number from 1 to 1000");
    expect((await save(story.id, reader.cookie, 1, 1.5, 0.5)).json().message).toContain(
      "position must be a number from 0 to 1",
    );
    const draft = await createStory(db(), { published: false });
    expect((await save(draft.id, reader.cookie, 1, 0.5, 0.5)).statusCode).toBe(404);
    const mature = await published({ rating: "mature" });
    expect((await save(mature.id, reader.cookie, 1, 0.5, 0.5)).statusCode).toBe(404);
    expect((await call("PUT", `/api/stories/${story.id}/progress`, undefined, { chapter: 1 })).statusCode).toBe(401);
  });

  it("lists stories in progress newest first (never finished or one's own), pages History, and clears it", async () => {
    const reader = await createVerifiedUserWithSession(db());
    const first = await published({ title: "First Read" });
    const finished = await published({ title: "Finished Read" });
    const own = await published({ title: "Own Story", authorId: reader.user.id });
    const latest = await published({ title: "Latest Read" });
    await save(first.id, reader.cookie, 1, 0.3, 0.1);
    ctx().clock.advance(1000);
    await save(finished.id, reader.cookie, 4, 1, 1);
    ctx().clock.advance(1000);
    await save(own.id, reader.cookie, 1, 0.5, 0.5);
    ctx().clock.advance(1000);
    await save(latest.id, reader.cookie, 2, 0.5, 0.7);

    const cont = (await call("GET", "/api/reading/continue", reader.cookie)).json();
    expect(titles(cont.items)).toEqual(["Latest Read", "First Read"]);
    expect(cont.items[0]).toMatchObject({ storyId: latest.id, chapter: 2, authorUsername: expect.any(String) });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { title: string }[]; nextCursor: string | null } = (
        await call("GET", `/api/reading/history?limit=3${cursor ? `&cursor=${cursor}` : ""}`, reader.cookie)
      ).json();
      seen.push(...titles(page.items));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(["Latest Read", "Own Story", "Finished Read", "First Read"]);
    expect((await call("GET", "/api/reading/history?cursor=nope", reader.cookie)).statusCode).toBe(400);

    // Another reader's history is their own.
    const other = await createVerifiedUserWithSession(db());
    expect((await call("GET", "/api/reading/history", other.cookie)).json().items).toEqual([]);

    expect((await call("DELETE", "/api/reading/history", reader.cookie)).statusCode).toBe(204);
    expect((await call("GET", "/api/reading/history", reader.cookie)).json().items).toEqual([]);
    expect((await call("GET", "/api/reading/continue", reader.cookie)).json().items).toEqual([]);
  });

  it("records nothing new while recording is off", async () => {
    const reader = await createVerifiedUserWithSession(db());
    const kept = await published({ title: "Kept" });
    const skipped = await published({ title: "Skipped" });
    await save(kept.id, reader.cookie, 1, 0.2, 0.2);
    expect((await call("GET", "/api/reading/settings", reader.cookie)).json()).toEqual({ recordHistory: true });
    const off = await call("PUT", "/api/reading/settings", reader.cookie, { recordHistory: false });
    expect(off.json()).toEqual({ recordHistory: false });
    expect((await save(skipped.id, reader.cookie, 2, 0.5, 0.5)).statusCode).toBe(204);
    expect((await save(kept.id, reader.cookie, 3, 0.9, 0.9)).statusCode).toBe(204);
    expect((await call("GET", `/api/stories/${skipped.id}/progress`, reader.cookie)).json()).toEqual({
      progress: null,
    });
    expect((await call("GET", `/api/stories/${kept.id}/progress`, reader.cookie)).json().progress).toMatchObject({
      chapter: 1,
    });
    expect(titles((await call("GET", "/api/reading/history", reader.cookie)).json().items)).toEqual(["Kept"]);
    const bad = await call("PUT", "/api/reading/settings", reader.cookie, { recordHistory: "no" });
    expect(bad.statusCode).toBe(400);

    await call("PUT", "/api/reading/settings", reader.cookie, { recordHistory: true });
    await save(skipped.id, reader.cookie, 2, 0.5, 0.5);
    expect((await call("GET", `/api/stories/${skipped.id}/progress`, reader.cookie)).json().progress).toMatchObject({
      chapter: 2,
    });
  });
});
