// Issue 33 section 3: a collection's prompt meme — opening and closing it, prompts (anonymous posters hidden from
// all but themselves and the maintainers), claims, fills on publish and by route with the poster's one notification,
// and bad input — on PGlite and PostgreSQL.
import { COLLECTION_CLOSED } from "../../shared/schemas/collections";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  ANONYMOUS_NAME,
  PROMPT_HAS_FILLS,
  PROMPT_MEME_CLOSED,
  PROMPT_TEXT_TOO_LONG,
  PROMPT_TOO_MANY_TAGS,
  type PromptList,
  type PromptView,
  promptUnknownTag,
} from "../../shared/schemas/prompts";
import { CATALOGUE_TAGS } from "../../shared/tagging";
import {
  collectionItems,
  collectionMaintainers,
  collectionPrompts,
  collections,
  notifications,
  promptClaims,
  promptFills,
  stories,
} from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession, type UserWithSession } from "../test/factories";

describeEachDb("prompt memes", (ctx) => {
  const db = () => ctx().database.db;
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, who?: UserWithSession, body?: unknown) =>
    send(ctx().app, method, url, body, who ? { cookie: who.cookie } : {});
  const user = () => createVerifiedUserWithSession(db(), { isPremium: true });
  const [tagA, tagB] = [CATALOGUE_TAGS[0]!, CATALOGUE_TAGS[1]!];
  let seq = 0;
  const makeCollection = async (owner: UserWithSession, values: Partial<typeof collections.$inferInsert> = {}) => {
    seq += 1;
    const [row] = await db()
      .insert(collections)
      .values({ name: `meme_${seq}_${Date.now() % 100000}`, title: `Meme ${seq}`, ownerId: owner.user.id, ...values })
      .returning();
    await db().insert(collectionMaintainers).values({ collectionId: row!.id, userId: owner.user.id, role: "owner" });
    return row!;
  };
  const post = (who: UserWithSession, name: string, body: unknown) =>
    call("POST", `/api/collections/${name}/prompts`, who, body);
  const postOk = async (who: UserWithSession, name: string, body: Record<string, unknown> = {}) => {
    const res = await post(who, name, { text: "Two rivals share one umbrella.", tags: [tagA], ...body });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };
  const list = async (name: string, who?: UserWithSession, qs = "") => {
    const res = await call("GET", `/api/collections/${name}/prompts${qs}`, who);
    expect(res.statusCode).toBe(200);
    return res.json() as PromptList;
  };
  const published = (authorId: number) => createStory(db(), { authorId, published: true, publishedAt: new Date() });
  const fillNotes = (userId: number) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, "prompt_fill")));

  it("opens and closes the meme (maintainers only), posts prompts, hides an anonymous poster", async () => {
    const [owner, helper, poster, reader] = [await user(), await user(), await user(), await user()];
    const c = await makeCollection(owner);
    await db().insert(collectionMaintainers).values({ collectionId: c.id, userId: helper.user.id });
    // Not running yet: no prompt is taken.
    expect((await post(poster, c.name, { text: "Hello", tags: [] })).statusCode).toBe(409);
    expect((await call("PUT", `/api/collections/${c.name}/prompt-meme`, poster, { state: "open" })).statusCode).toBe(
      403,
    );
    expect((await call("PUT", `/api/collections/${c.name}/prompt-meme`, owner, { state: "maybe" })).statusCode).toBe(
      400,
    );
    const opened = await call("PUT", `/api/collections/${c.name}/prompt-meme`, owner, { state: "open" });
    expect(opened.json()).toEqual({ state: "open" });

    const shown = await postOk(poster, c.name, { text: "  A lighthouse keeper's last night.  ", tags: [tagA, tagB] });
    const hidden = await postOk(poster, c.name, { anonymous: true, tags: [tagB.toUpperCase()] });
    const seen = async (who?: UserWithSession) =>
      Object.fromEntries((await list(c.name, who)).prompts.map((p) => [p.id, p.poster.username]));
    const name = poster.user.username;
    expect(await seen(reader)).toEqual({ [shown]: name, [hidden]: ANONYMOUS_NAME });
    expect(await seen()).toEqual({ [shown]: name, [hidden]: ANONYMOUS_NAME });
    expect(await seen(poster)).toEqual({ [shown]: name, [hidden]: name });
    expect(await seen(helper)).toEqual({ [shown]: name, [hidden]: name });
    const one = (await call("GET", `/api/prompts/${hidden}`, reader)).json() as PromptView;
    expect(one).toMatchObject({
      poster: { username: ANONYMOUS_NAME },
      anonymous: true,
      tags: [tagB],
      canDelete: false,
    });
    expect(JSON.stringify(one)).not.toContain(name);
    expect((await call("GET", `/api/prompts/${hidden}`, poster)).json().poster.username).toBe(name);

    const all = await list(c.name, reader);
    expect(all.prompts.map((p) => p.id)).toEqual([hidden, shown]);
    expect(all.prompts[1]).toMatchObject({ text: "A lighthouse keeper's last night.", tags: [tagA, tagB] });
    expect(
      (await list(c.name, reader, `?tag=${encodeURIComponent(tagA.toLowerCase())}`)).prompts.map((p) => p.id),
    ).toEqual([shown]);

    // Closed: nothing new, but the prompts stay listed.
    await call("PUT", `/api/collections/${c.name}/prompt-meme`, helper, { state: "closed" });
    const refused = await post(poster, c.name, { text: "Late", tags: [] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PROMPT_MEME_CLOSED);
    expect((await list(c.name)).prompts).toHaveLength(2);

    // Delete: the poster or a maintainer, not a reader.
    expect((await call("DELETE", `/api/prompts/${shown}`, reader)).statusCode).toBe(403);
    expect((await call("DELETE", `/api/prompts/${shown}`, poster)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/prompts/${hidden}`, helper)).statusCode).toBe(204);
    expect((await call("GET", `/api/prompts/${hidden}`)).statusCode).toBe(404);
  });

  it("takes several claims, idempotently; a closed meme refuses new ones; lists the viewer's claims", async () => {
    const [owner, poster, w1, w2] = [await user(), await user(), await user(), await user()];
    const c = await makeCollection(owner, { promptMeme: "open" });
    const id = await postOk(poster, c.name);
    expect((await call("POST", `/api/prompts/${id}/claims`)).statusCode).toBe(401);
    expect((await call("POST", `/api/prompts/${id}/claims`, w1)).json()).toEqual({ claimed: true, claimCount: 1 });
    expect((await call("POST", `/api/prompts/${id}/claims`, w1)).json()).toEqual({ claimed: true, claimCount: 1 });
    expect((await call("POST", `/api/prompts/${id}/claims`, w2)).json()).toEqual({ claimed: true, claimCount: 2 });
    expect((await list(c.name, w1)).prompts[0]).toMatchObject({ claimCount: 2, claimed: true });
    expect((await list(c.name, poster)).prompts[0]).toMatchObject({ claimCount: 2, claimed: false });
    const mine = (await call("GET", "/api/me/claims", w1)).json().claims;
    expect(mine).toEqual([expect.objectContaining({ prompt: expect.objectContaining({ id }), filledBy: [] })]);

    await db().update(collections).set({ promptMeme: "closed" }).where(eq(collections.id, c.id));
    const closed = await call("POST", `/api/prompts/${id}/claims`, poster);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(PROMPT_MEME_CLOSED);
    expect((await call("DELETE", `/api/prompts/${id}/claims`, w2)).json()).toEqual({ claimed: false, claimCount: 1 });
    expect(await db().select().from(promptClaims).where(eq(promptClaims.promptId, id))).toHaveLength(1);
    expect((await call("POST", "/api/prompts/999999/claims", w1)).statusCode).toBe(404);
  });

  it("fills on publish and by route: own works only, the work joins the collection, the poster hears once", async () => {
    const [owner, poster, writer, other] = [await user(), await user(), await user(), await user()];
    const c = await makeCollection(owner, { promptMeme: "open" });
    const id = await postOk(poster, c.name);

    // On publish.
    const draft = await createStory(db(), { authorId: writer.user.id });
    const publish = await call("POST", `/api/stories/${draft.id}/publish`, writer, {
      title: "Umbrella Weather",
      description: "Two rivals, one umbrella.",
      tags: [],
      fills: id,
    });
    expect(publish.statusCode).toBe(200);
    const items = () => db().select().from(collectionItems).where(eq(collectionItems.collectionId, c.id));
    expect((await items()).map((i) => [i.storyId, i.state])).toEqual([[draft.id, "approved"]]);
    const notes = await fillNotes(poster.user.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ actorId: writer.user.id, storyId: draft.id, collectionId: c.id });

    // Publishing again with the same fill, and the route with the same pair: still one fill, one notification.
    await call("POST", `/api/stories/${draft.id}/publish`, writer, {
      title: "Umbrella Weather",
      description: "Two rivals, one umbrella.",
      fills: id,
    });
    expect((await call("POST", `/api/prompts/${id}/fills`, writer, { storyId: draft.id })).statusCode).toBe(201);
    expect(await fillNotes(poster.user.id)).toHaveLength(1);

    // By route, a work already published; another user's work is answered as missing and nothing is written.
    const later = await published(writer.user.id);
    const foreign = await published(other.user.id);
    const stolen = await call("POST", `/api/prompts/${id}/fills`, writer, { storyId: foreign.id });
    expect(stolen.statusCode).toBe(404);
    const byRoute = await call("POST", `/api/prompts/${id}/fills`, writer, { storyId: later.id });
    expect(byRoute.statusCode).toBe(201);
    expect(byRoute.json()).toEqual({ promptId: id, storyId: later.id, item: "approved" });
    expect(await fillNotes(poster.user.id)).toHaveLength(2);

    const listed = (await list(c.name, other)).prompts[0]!;
    expect(listed.fills.map((f) => f.id)).toEqual([draft.id, later.id]);
    expect(listed.fills[0]).toMatchObject({ title: "Umbrella Weather", author: { username: writer.user.username } });
    expect((await call("GET", "/api/me/claims", writer)).json().claims).toEqual([]);

    // A prompt with fills is kept.
    const kept = await call("DELETE", `/api/prompts/${id}`, poster);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toBe(PROMPT_HAS_FILLS);

    // A refused fill on publish rolls the whole publish back: a closed collection takes no writer's work.
    const shut = await makeCollection(owner, { promptMeme: "open", open: false });
    const shutPrompt = await postOk(poster, shut.name);
    const draft2 = await createStory(db(), { authorId: writer.user.id });
    const refused = await call("POST", `/api/stories/${draft2.id}/publish`, writer, {
      title: "Shut Out",
      description: "Never posted.",
      fills: shutPrompt,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COLLECTION_CLOSED);
    const [after] = await db().select().from(stories).where(eq(stories.id, draft2.id));
    expect(after!.published).toBe(false);
    expect(await db().select().from(promptFills).where(eq(promptFills.promptId, shutPrompt))).toEqual([]);
  });

  it("moderated, anonymous and unrevealed collections: pending items, 'Anonymous' fills, held-back notices", async () => {
    const [owner, poster, writer, reader] = [await user(), await user(), await user(), await user()];
    const moderated = await makeCollection(owner, { promptMeme: "open", moderated: true });
    const mId = await postOk(poster, moderated.name);
    const work = await published(writer.user.id);
    const res = await call("POST", `/api/prompts/${mId}/fills`, writer, { storyId: work.id });
    expect(res.json().item).toBe("pending");
    // Waiting for a maintainer: listed to its writer only.
    expect((await list(moderated.name, reader)).prompts[0]!.fills).toEqual([]);
    expect((await list(moderated.name, writer)).prompts[0]!.fills.map((f) => f.id)).toEqual([work.id]);

    const anon = await makeCollection(owner, { promptMeme: "open", anonymous: true });
    const aId = await postOk(poster, anon.name);
    const anonWork = await published(writer.user.id);
    await call("POST", `/api/prompts/${aId}/fills`, writer, { storyId: anonWork.id });
    const [row] = await db().select().from(stories).where(eq(stories.id, anonWork.id));
    expect(row!.anonymous).toBe(true);
    const seenBy = async (who: UserWithSession) => (await list(anon.name, who)).prompts[0]!.fills[0]!.author.username;
    expect(await seenBy(reader)).toBe(ANONYMOUS_NAME);
    expect(await seenBy(poster)).toBe(ANONYMOUS_NAME);
    // A card is one shared view: 'Anonymous' to its creator too (their own pages name them: the reader, the editor).
    expect(await seenBy(writer)).toBe(ANONYMOUS_NAME);
    expect(JSON.stringify(await list(anon.name, reader))).not.toContain(writer.user.username);
    const anonNote = (await fillNotes(poster.user.id)).find((n) => n.storyId === anonWork.id);
    expect(anonNote).toMatchObject({ actorId: null, collectionId: anon.id });

    const hidden = await makeCollection(owner, { promptMeme: "open", unrevealed: true });
    const hId = await postOk(poster, hidden.name);
    const hiddenWork = await published(writer.user.id);
    await call("POST", `/api/prompts/${hId}/fills`, writer, { storyId: hiddenWork.id });
    expect((await fillNotes(poster.user.id)).some((n) => n.storyId === hiddenWork.id)).toBe(false);
    expect((await list(hidden.name, reader)).prompts[0]!.fills).toEqual([]);
  });

  it("answers bad input with a clear 4xx and writes nothing", async () => {
    const [owner, poster, writer] = [await user(), await user(), await user()];
    const c = await makeCollection(owner, { promptMeme: "open" });
    const tooLong = await post(poster, c.name, { text: "x".repeat(2001), tags: [] });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(PROMPT_TEXT_TOO_LONG);
    const unknown = await post(poster, c.name, { text: "Fine", tags: [tagA, "Zebra Umbrella Quux"] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(promptUnknownTag("Zebra Umbrella Quux"));
    const many = await post(poster, c.name, { text: "Fine", tags: CATALOGUE_TAGS.slice(0, 11) });
    expect(many.json().message).toBe(PROMPT_TOO_MANY_TAGS);
    expect((await post(poster, c.name, { text: "   ", tags: [] })).statusCode).toBe(400);
    expect((await post(poster, "no_such_collection", { text: "Fine", tags: [] })).statusCode).toBe(404);
    expect((await call("POST", `/api/collections/${c.name}/prompts`, undefined, { text: "Fine" })).statusCode).toBe(
      401,
    );
    expect(await db().select().from(collectionPrompts).where(eq(collectionPrompts.collectionId, c.id))).toEqual([]);

    // Another collection's prompt fills that collection, not this one; an unknown prompt is a 404.
    const otherC = await makeCollection(owner, { promptMeme: "open" });
    const otherPrompt = await postOk(poster, otherC.name);
    const work = await published(writer.user.id);
    await call("POST", `/api/prompts/${otherPrompt}/fills`, writer, { storyId: work.id });
    const inThis = await db().select().from(collectionItems).where(eq(collectionItems.collectionId, c.id));
    expect(inThis).toEqual([]);
    expect((await call("POST", "/api/prompts/424242/fills", writer, { storyId: work.id })).statusCode).toBe(404);
    expect((await call("POST", "/api/prompts/abc/fills", writer, { storyId: work.id })).statusCode).toBe(404);
    expect((await call("POST", `/api/prompts/${otherPrompt}/fills`, writer, { storyId: "x" })).statusCode).toBe(400);
    const draft = await createStory(db(), { authorId: writer.user.id });
    expect((await call("POST", `/api/prompts/${otherPrompt}/fills`, writer, { storyId: draft.id })).statusCode).toBe(
      400,
    );
    const badFill = await call("POST", `/api/stories/${draft.id}/publish`, writer, {
      title: "T",
      description: "D",
      fills: 0,
    });
    expect(badFill.statusCode).toBe(400);
  });
});
