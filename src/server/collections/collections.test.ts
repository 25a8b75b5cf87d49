// Issue 33 section 1: collections — the name rules, open and closed, the moderated queue, invitations and consent,
// the 20-collection cap, another writer's work, the public page and feed (anonymous and unrevealed works), and
// subscriptions notifying once — on PGlite and PostgreSQL.
import { publicStoryPath } from "../../shared/routes";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  COLLECTION_CLOSED,
  COLLECTION_NAME_RULE,
  COLLECTION_NAME_TAKEN,
  COLLECTION_REVEALED,
  COLLECTION_STORY_NOT_FOUND,
  COLLECTION_WORK_LIMIT,
  type CollectionView,
} from "../../shared/schemas/collections";
import { collectionItems, collectionMaintainers, collections, notifications, stories } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession, type UserWithSession } from "../test/factories";

describeEachDb("collections", (ctx) => {
  const db = () => ctx().database.db;
  const call = (
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    who?: UserWithSession,
    body?: unknown,
  ) => send(ctx().app, method, url, body, who ? { cookie: who.cookie } : {});
  const user = (overrides = {}) => createVerifiedUserWithSession(db(), overrides);
  const published = (authorId: number, overrides = {}) =>
    createStory(db(), { authorId, published: true, publishedAt: new Date(), ...overrides });
  const settled = () => ctx().app.background.settled();
  let serial = 0;
  const make = async (who: UserWithSession, settings: Record<string, unknown> = {}) => {
    serial += 1;
    const name = `fest_${Date.now().toString(36)}_${serial}`;
    const res = await call("POST", "/api/collections", who, { name, title: `Fest ${serial}`, ...settings });
    expect(res.statusCode).toBe(201);
    return name;
  };
  const add = (who: UserWithSession, name: string, storyId: number) =>
    call("POST", `/api/collections/${name}/items`, who, { storyId });
  const stateOf = async (name: string, storyId: number) => {
    const [row] = await db()
      .select({ state: collectionItems.state })
      .from(collectionItems)
      .innerJoin(collections, eq(collections.id, collectionItems.collectionId))
      .where(and(eq(collections.name, name), eq(collectionItems.storyId, storyId)));
    return row?.state;
  };
  const notesOf = async (userId: number, type: string) =>
    (await db().select().from(notifications).where(eq(notifications.userId, userId))).filter((n) => n.type === type);

  it("checks the name rule, refuses a taken name, makes the creator its owner and lists it", async () => {
    const owner = await user();
    for (const name of ["ab", "Has_Caps", "with-dash", "x".repeat(41), ""]) {
      const res = await call("POST", "/api/collections", owner, { name, title: "T" });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.name).toBe(COLLECTION_NAME_RULE);
    }
    const name = await make(owner, { description: "Winter fest", moderated: true });
    const taken = await call("POST", "/api/collections", await user(), { name, title: "Again" });
    expect([taken.statusCode, taken.json().message]).toEqual([409, COLLECTION_NAME_TAKEN]);
    const view: CollectionView = (await call("GET", `/api/collections/${name}`, owner)).json();
    expect(view).toMatchObject({
      name,
      description: "Winter fest",
      open: true,
      moderated: true,
      role: "owner",
      path: `/c/${name}`,
      maintainers: [{ username: owner.user.username, role: "owner" }],
    });
    expect((await call("GET", `/api/collections/${name}`)).json().role).toBeNull();
    expect((await call("GET", "/api/collections/no_such_one")).statusCode).toBe(404);
    // Maintainers: the owner adds one; the maintainer cannot add others.
    const helper = await user();
    expect(
      (await call("POST", `/api/collections/${name}/maintainers`, owner, { username: helper.user.username }))
        .statusCode,
    ).toBe(201);
    const other = await user();
    expect(
      (await call("POST", `/api/collections/${name}/maintainers`, helper, { username: other.user.username }))
        .statusCode,
    ).toBe(403);
    expect((await call("GET", "/api/me/collections", helper)).json().collections).toEqual([
      expect.objectContaining({ name, role: "maintainer" }),
    ]);
    expect((await call("PATCH", `/api/collections/${name}`, helper, { title: "Renamed" })).json().title).toBe(
      "Renamed",
    );
    expect((await call("PATCH", `/api/collections/${name}`, other, { title: "No" })).statusCode).toBe(403);
    expect(
      (await call("DELETE", `/api/collections/${name}/maintainers/${helper.user.username}`, owner)).statusCode,
    ).toBe(200);
    // A revealed collection cannot hide its works again.
    await db().update(collections).set({ revealedAt: new Date() }).where(eq(collections.name, name));
    const hide = await call("PATCH", `/api/collections/${name}`, owner, { anonymous: true });
    expect([hide.statusCode, hide.json().message]).toEqual([409, COLLECTION_REVEALED]);
  });

  it("adds to an open collection, refuses a closed one, queues a moderated one, and hides others' drafts", async () => {
    const owner = await user();
    const writer = await user();
    const open = await make(owner);
    const closed = await make(owner, { open: false });
    const moderated = await make(owner, { moderated: true });
    const work = await published(writer.user.id);
    expect((await add(writer, open, work.id)).json()).toEqual({ storyId: work.id, state: "approved" });
    const refused = await add(writer, closed, work.id);
    expect([refused.statusCode, refused.json().message]).toEqual([403, COLLECTION_CLOSED]);
    expect(await stateOf(closed, work.id)).toBeUndefined();
    expect((await add(writer, open, work.id)).statusCode).toBe(409);

    // Moderated: pending, the maintainers are told, the queue lists it, approval tells the writer.
    expect((await add(writer, moderated, work.id)).json().state).toBe("pending");
    const [told] = await notesOf(owner.user.id, "collection_item");
    expect(told).toMatchObject({ storyId: work.id, actorId: writer.user.id });
    const listed = (await call("GET", "/api/notifications", owner)).json().items[0];
    expect(listed).toMatchObject({ type: "collection_item", subject: { id: work.id, state: "pending" } });
    expect(listed.collection.name).toBe(moderated);
    const queue = await call("GET", `/api/collections/${moderated}/items?state=pending`, owner);
    expect(queue.json().items).toEqual([expect.objectContaining({ story: expect.objectContaining({ id: work.id }) })]);
    expect((await call("GET", `/api/collections/${moderated}/items`, writer)).statusCode).toBe(403);
    expect((await call("POST", `/api/collections/${moderated}/items/${work.id}/approve`, writer)).statusCode).toBe(403);
    expect((await call("POST", `/api/collections/${moderated}/items/${work.id}/approve`, owner)).json().state).toBe(
      "approved",
    );
    expect((await call("POST", `/api/collections/${moderated}/items/${work.id}/reject`, owner)).statusCode).toBe(409);
    expect(await notesOf(writer.user.id, "collection_item")).toHaveLength(1);

    // Another writer's draft: 404 for a reader and a maintainer alike; their published work: 404 for a reader.
    const draft = await createStory(db(), { authorId: writer.user.id, published: false });
    const reader = await user();
    for (const who of [reader, owner]) {
      const res = await add(who, open, draft.id);
      expect([res.statusCode, res.json().message]).toEqual([404, COLLECTION_STORY_NOT_FOUND]);
    }
    expect((await add(reader, open, work.id)).statusCode).toBe(404);
    // The writer's own draft may go in (it shows once published).
    expect((await add(writer, open, draft.id)).json().state).toBe("approved");
    // The writer or a maintainer takes a work out.
    expect((await call("DELETE", `/api/collections/${open}/items/${draft.id}`, reader)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/collections/${open}/items/${draft.id}`, writer)).json().state).toBe("removed");
  });

  it("invites another writer's work and waits for their consent", async () => {
    const owner = await user();
    const writer = await user();
    const name = await make(owner, { open: false });
    const [a, b] = [await published(writer.user.id), await published(writer.user.id)];
    expect((await add(owner, name, a.id)).json().state).toBe("invited");
    expect((await add(owner, name, b.id)).json().state).toBe("invited");
    expect(await notesOf(writer.user.id, "collection_invite")).toHaveLength(2);
    const mine = (await call("GET", "/api/me/collections", writer)).json();
    expect(mine.invitations.map((i: { story: { id: number } }) => i.story.id).sort()).toEqual([a.id, b.id].sort());
    // Only the author answers.
    expect((await call("POST", `/api/collections/${name}/items/${a.id}/accept`, owner)).statusCode).toBe(404);
    expect((await call("POST", `/api/collections/${name}/items/${a.id}/accept`, writer)).json().state).toBe("approved");
    expect((await call("POST", `/api/collections/${name}/items/${b.id}/decline`, writer)).json().state).toBe(
      "rejected",
    );
    expect((await call("POST", `/api/collections/${name}/items/${b.id}/accept`, writer)).statusCode).toBe(409);
    expect(await notesOf(owner.user.id, "collection_item")).toHaveLength(2);
    // Declined stays declined: the same invitation is not made again.
    expect((await add(owner, name, b.id)).statusCode).toBe(409);
  });

  it("keeps a work in at most 20 collections: the 21st is refused with nothing written", async () => {
    const owner = await user();
    const writer = await user();
    const work = await published(writer.user.id);
    // Made directly (the API's create is tested above): 21 collections owned by `owner`.
    const stamp = Date.now().toString(36);
    const made = await db()
      .insert(collections)
      .values(
        Array.from({ length: 21 }, (_, i) => ({
          name: `cap_${stamp}_${i}`,
          title: `Cap ${i}`,
          ownerId: owner.user.id,
        })),
      )
      .returning({ id: collections.id, name: collections.name });
    await db()
      .insert(collectionMaintainers)
      .values(made.map((c) => ({ collectionId: c.id, userId: owner.user.id, role: "owner" })));
    const names = made.map((c) => c.name);
    for (const name of names.slice(0, 20)) expect((await add(writer, name, work.id)).statusCode).toBe(201);
    const refused = await add(writer, names[20]!, work.id);
    expect([refused.statusCode, refused.json().message]).toEqual([409, COLLECTION_WORK_LIMIT]);
    expect(await stateOf(names[20]!, work.id)).toBeUndefined();
    // An invitation counts too; a rejected item frees its place.
    expect((await add(owner, names[20]!, work.id)).statusCode).toBe(409);
    await call("DELETE", `/api/collections/${names[0]}/items/${work.id}`, writer);
    expect((await add(writer, names[20]!, work.id)).statusCode).toBe(201);
  });

  it("serves the page and feed: anonymous works named 'Anonymous', unrevealed ones absent, filters and paging", async () => {
    const owner = await user();
    const writer = await user();
    const plain = await make(owner, { description: "Tides & rust." });
    const anon = await make(owner, { anonymous: true });
    const hidden = await make(owner, { unrevealed: true });
    const shown = await published(writer.user.id, { title: "Open Sea", tags: ["Fluff"] });
    const masked = await published(writer.user.id, { title: "Masked Ball" });
    const secret = await published(writer.user.id, { title: "Secret Ember" });
    await add(writer, plain, shown.id);
    await add(writer, plain, masked.id);
    await add(writer, anon, masked.id);
    await add(writer, plain, secret.id);
    await add(writer, hidden, secret.id);
    const [row] = await db().select().from(stories).where(eq(stories.id, masked.id));
    expect([row!.anonymous, row!.unrevealed]).toEqual([true, false]);

    const page = await call("GET", `/c/${plain}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toContain("script-src 'none'");
    expect(page.body).not.toContain("<script");
    expect(page.body).toContain("Tides &amp; rust.");
    expect(page.body).toContain("Open Sea");
    expect(page.body).toContain("Masked Ball");
    expect(page.body).not.toContain("Secret Ember");
    // The masked work's card names nobody; the other names its writer.
    const maskedCard = page.body.slice(page.body.indexOf("Masked Ball"));
    expect(maskedCard.slice(0, maskedCard.indexOf("</article>"))).toContain('<span class="anon">Anonymous</span>');
    expect(maskedCard.slice(0, maskedCard.indexOf("</article>"))).not.toContain(writer.user.username);
    expect(page.body).toContain('<a class="btn" href="/auth">Sign in to subscribe</a>');
    // Filters: a tag leaves one work.
    const filtered = await call("GET", `/c/${plain}?tag=Fluff`);
    expect(filtered.body).toContain("Open Sea");
    expect(filtered.body).not.toContain("Masked Ball");
    expect((await call("GET", `/c/${plain}?rating=explicit`)).body).toContain("No works match these filters.");
    // The work's own page names the collections it is in, with links to them.
    const storyPage = await call("GET", publicStoryPath(masked.id, "Masked Ball"));
    expect(storyPage.body).toContain(`<nav class="series" aria-label="Collections"><p>In collections:`);
    expect(storyPage.body).toContain(`<a href="/c/${plain}">`);
    expect(storyPage.body).toContain(`<a href="/c/${anon}">`);
    expect((await call("GET", "/c/nope_nope")).statusCode).toBe(404);

    const feed = await call("GET", `/c/${plain}/feed.atom`);
    expect(feed.headers["content-type"]).toContain("application/atom+xml");
    expect(feed.body).toContain("Open Sea");
    expect(feed.body).toContain("<name>Anonymous</name>");
    expect(feed.body).not.toContain("Secret Ember");
    const maskedEntry = feed.body.slice(feed.body.indexOf("Masked Ball"));
    expect(maskedEntry.slice(0, maskedEntry.indexOf("</entry>"))).not.toContain(writer.user.username);

    // The unrevealed collection's own page lists nothing to readers; the API counts it for its maintainers only.
    expect((await call("GET", `/c/${hidden}`)).body).not.toContain("Secret Ember");
    expect((await call("GET", `/api/collections/${hidden}`)).json().counts.works).toBe(0);
    expect((await call("GET", `/api/collections/${hidden}`, owner)).json().counts.works).toBe(1);

    // The signed-in reader's Subscribe form.
    const reader = await user();
    const signedIn = await call("GET", `/c/${plain}`, reader);
    expect(signedIn.body).toContain(`<form method="post" action="/c/${plain}/subscription">`);
    const form = await ctx().app.inject({
      method: "POST",
      url: `/c/${plain}/subscription`,
      headers: {
        cookie: reader.cookie,
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "same-origin",
      },
      payload: "on=1",
    });
    expect([form.statusCode, form.headers.location]).toEqual([303, `/c/${plain}#subscribe`]);
    expect((await call("GET", `/api/collections/${plain}`, reader)).json().subscribed).toBe(true);
  });

  it("notifies subscribers once per work, never of an unrevealed one, and names no anonymous creator", async () => {
    const owner = await user();
    const writer = await user();
    const fan = await user();
    const plain = await make(owner);
    const anon = await make(owner, { anonymous: true });
    const hidden = await make(owner, { unrevealed: true });
    const moderated = await make(owner, { moderated: true });
    for (const name of [plain, anon, hidden, moderated])
      expect((await call("PUT", `/api/collections/${name}/subscription`, fan)).json()).toEqual({ subscribed: true });
    const work = await published(writer.user.id);
    await add(writer, plain, work.id);
    await settled();
    expect(await notesOf(fan.user.id, "collection_work")).toEqual([
      expect.objectContaining({ storyId: work.id, actorId: writer.user.id }),
    ]);
    // Out and in again: still once.
    await call("DELETE", `/api/collections/${plain}/items/${work.id}`, writer);
    await add(writer, plain, work.id);
    await settled();
    expect(await notesOf(fan.user.id, "collection_work")).toHaveLength(1);
    // Anonymous: told, without the creator. Unrevealed: not told (the reveal sends it).
    const masked = await published(writer.user.id);
    await add(writer, anon, masked.id);
    const secret = await published(writer.user.id);
    await add(writer, hidden, secret.id);
    // Moderated: told on approval, not while pending.
    const queued = await published(writer.user.id);
    await add(writer, moderated, queued.id);
    await settled();
    const notes = await notesOf(fan.user.id, "collection_work");
    expect(notes.find((n) => n.storyId === masked.id)?.actorId).toBeNull();
    expect(notes.some((n) => n.storyId === secret.id || n.storyId === queued.id)).toBe(false);
    await call("POST", `/api/collections/${moderated}/items/${queued.id}/approve`, owner);
    await settled();
    expect((await notesOf(fan.user.id, "collection_work")).filter((n) => n.storyId === queued.id)).toHaveLength(1);
    // Unsubscribed: nothing more.
    expect((await call("DELETE", `/api/collections/${plain}/subscription`, fan)).json()).toEqual({ subscribed: false });
    const late = await published(writer.user.id);
    await add(writer, plain, late.id);
    await settled();
    expect((await notesOf(fan.user.id, "collection_work")).some((n) => n.storyId === late.id)).toBe(false);
    // A draft approved in a collection is told when its writer publishes it, once.
    const draft = await createStory(db(), { authorId: writer.user.id, published: false });
    await add(writer, moderated, draft.id);
    await call("POST", `/api/collections/${moderated}/items/${draft.id}/approve`, owner);
    await settled();
    expect((await notesOf(fan.user.id, "collection_work")).some((n) => n.storyId === draft.id)).toBe(false);
    const publish = await call("POST", `/api/stories/${draft.id}/publish`, writer, {
      title: "Late Bloom",
      description: "A late one.",
    });
    expect(publish.statusCode, publish.body).toBe(200);
    await settled();
    expect((await notesOf(fan.user.id, "collection_work")).filter((n) => n.storyId === draft.id)).toHaveLength(1);
  });
});
