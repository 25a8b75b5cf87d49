// Issue 33 section 2, gift exchanges: sign-up windows and rules, matching quality on generated sign-ups, a race of two
// runs, pairs changed by hand, sending, posting the gift, defaulting and pinch hits, the reminder — on PGlite and
// PostgreSQL.
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  ASSIGNMENT_HAS_PINCH_HITTER,
  ASSIGNMENT_STORY_NOT_YOURS,
  EXCHANGE_SENT_LOCK,
  type ExchangeView,
  MATCHING_RUNNING,
  MATCHING_SENT,
  type MatchingView,
  type MyAssignmentView,
  SIGNUP_EXISTS,
  SIGNUPS_CLOSED,
  SIGNUPS_NOT_OPEN,
} from "../../shared/schemas/exchange";
import {
  collectionItems,
  collectionMaintainers,
  collections,
  exchangeAssignments,
  exchangeSignups,
  freeTags,
  giftExchanges,
  notifications,
  stories,
  storyGifts,
} from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createUser, createVerifiedUserWithSession, type UserWithSession } from "../test/factories";
import { remindDueAssignments } from "./exchange-assignments";
import { runMatching } from "./exchange-matching";
import { findCollection } from "./access";

const DAY = 24 * 60 * 60 * 1000;

describeEachDb("gift exchanges", (ctx) => {
  const db = () => ctx().database.db;
  const now = () => ctx().clock.now();
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, who?: UserWithSession, body?: unknown) =>
    send(ctx().app, method, url, body, who ? { cookie: who.cookie } : {});
  const user = () => createVerifiedUserWithSession(db());
  let collectionSeq = 0;
  const makeCollection = async (owner: UserWithSession, flags = {}) => {
    const name = `fest_${process.pid % 1000}_${++collectionSeq}`;
    const [row] = await db()
      .insert(collections)
      .values({ name, title: `Fest ${collectionSeq}`, ownerId: owner.user.id, ...flags })
      .returning();
    await db().insert(collectionMaintainers).values({ collectionId: row!.id, userId: owner.user.id, role: "owner" });
    return row!;
  };
  const settings = (opensIn: number, rules = {}) => ({
    signupOpensAt: new Date(now().getTime() + opensIn).toISOString(),
    signupClosesAt: new Date(now().getTime() + opensIn + 2 * DAY).toISOString(),
    dueAt: new Date(now().getTime() + opensIn + 9 * DAY).toISOString(),
    revealAt: new Date(now().getTime() + opensIn + 10 * DAY).toISOString(),
    rules,
  });
  const choices = (fandoms: string[], characters: string[] = [], relationships: string[] = []) => ({
    fandoms,
    characters,
    relationships,
  });
  const notes = (userId: number, type: string) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

  it("keeps the sign-up window and the rules, edits and withdraws; only maintainers set and list", async () => {
    const owner = await user();
    const [alice, bob] = [await user(), await user()];
    const c = await makeCollection(owner);
    const base = `/api/collections/${c.name}`;
    expect((await call("GET", `${base}/exchange`)).statusCode).toBe(404);
    expect((await call("PUT", `${base}/exchange`, alice, settings(DAY))).statusCode).toBe(403);
    const bad = await call("PUT", `${base}/exchange`, owner, { ...settings(DAY), dueAt: settings(0).signupOpensAt });
    expect(bad.statusCode).toBe(400);
    const put = await call("PUT", `${base}/exchange`, owner, settings(DAY, { minCharacterMatch: 1 }));
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      signupState: "upcoming",
      rules: { minFandomMatch: 1, minCharacterMatch: 1, offers: { min: 1, max: 5 } },
      signups: 0,
    });
    const [row] = await db().select().from(collections).where(eq(collections.id, c.id));
    expect(row!.revealAt?.toISOString()).toBe(settings(DAY).revealAt);
    await db()
      .insert(freeTags)
      .values([
        { key: "crowley", name: "Crowley", kind: "character" },
        { key: "aziraphale", name: "Aziraphale", kind: "character" },
        { key: "the serpent", name: "The Serpent", synonymOf: "crowley" },
        { key: "aziraphale/crowley", name: "Aziraphale/Crowley", kind: "relationship" },
      ])
      .onConflictDoNothing();
    const signup = {
      offers: choices(["Good Omens"], ["Crowley", "Aziraphale"], ["Aziraphale/Crowley"]),
      requests: choices(["good omens"], ["the serpent"]),
      prompt: "Something with the Bentley.",
    };
    const early = await call("POST", `${base}/signups`, alice, signup);
    expect([early.statusCode, early.json().message]).toEqual([409, SIGNUPS_NOT_OPEN]);
    ctx().clock.advance(DAY + 1000);
    const unknown = await call("POST", `${base}/signups`, alice, {
      ...signup,
      offers: choices(["Good Omens", "Nowhere Land"], ["Crowley", "Nobody", "Aziraphale/Crowley"]),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain("Nowhere Land");
    const noChar = await call("POST", `${base}/signups`, alice, { ...signup, requests: choices(["Good Omens"]) });
    expect([noChar.statusCode, noChar.json().message]).toEqual([400, "Requests: choose between 1 and 5 characters"]);
    const tooMany = await call("POST", `${base}/signups`, alice, {
      ...signup,
      offers: choices(["Good Omens", "Sherlock", "Discworld", "Dune", "Star Wars", "Star Trek"], ["Crowley"]),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(await db().select().from(exchangeSignups).where(eq(exchangeSignups.collectionId, c.id))).toEqual([]);
    const made = await call("POST", `${base}/signups`, alice, signup);
    expect(made.statusCode).toBe(201);
    // Canonical spellings: the catalogue's fandom, a synonym's canonical tag.
    expect(made.json()).toMatchObject({ requests: { fandoms: ["Good Omens"], characters: ["Crowley"] } });
    expect((await call("POST", `${base}/signups`, alice, signup)).json().message).toBe(SIGNUP_EXISTS);
    const edited = await call("PUT", `${base}/signups`, alice, { ...signup, prompt: "Rain.", pinchHitter: true });
    expect(edited.json()).toMatchObject({ prompt: "Rain.", pinchHitter: true });
    expect((await call("GET", `${base}/signups/me`, alice)).json().prompt).toBe("Rain.");
    expect((await call("GET", `${base}/signups/me`, bob)).statusCode).toBe(404);
    expect((await call("POST", `${base}/signups`, bob, signup)).statusCode).toBe(201);
    expect((await call("GET", `${base}/signups`, bob)).statusCode).toBe(403);
    expect((await call("GET", `${base}/signups`, owner)).json()).toHaveLength(2);
    expect((await call("GET", `${base}/exchange`, bob)).json()).toMatchObject({ signups: null, signedUp: true });
    expect((await call("POST", `${base}/matching`, owner)).statusCode).toBe(409);
    expect((await call("DELETE", `${base}/signups/me`, bob)).statusCode).toBe(204);
    ctx().clock.advance(2 * DAY);
    const late = await call("POST", `${base}/signups`, bob, signup);
    expect([late.statusCode, late.json().message]).toEqual([409, SIGNUPS_CLOSED]);
    expect((await call("DELETE", `${base}/signups/me`, alice)).json().message).toBe(SIGNUPS_CLOSED);
  });

  it("matches everyone when a perfect matching exists, never oneself, within the rules; a second run at once is told", async () => {
    const owner = await user();
    const c = await makeCollection(owner);
    await call("PUT", `/api/collections/${c.name}/exchange`, owner, settings(-3 * DAY, { minCharacterMatch: 1 }));
    // A hidden derangement: participant i offers fandom fi and character ci; its recipient requests exactly those.
    // Everyone also offers what its own request is (a self-match would be perfect, and is forbidden), and the first
    // half offer a popular fandom many request, the bait a greedy pass takes.
    const n = 24;
    const people = await Promise.all(Array.from({ length: n }, () => createUser(db())));
    const order = people.map((_, i) => i).sort((a, b) => ((a * 7919) % n) - ((b * 7919) % n));
    const target = new Map(order.map((p, k) => [p, order[(k + 1) % n]!]));
    const wants = new Map([...target].map(([giver, recipient]) => [recipient, giver]));
    await db()
      .insert(exchangeSignups)
      .values(
        people.map((p, i) => {
          const from = wants.get(i)!;
          return {
            collectionId: c.id,
            userId: p.id,
            offers: choices([`f${i}`, `f${from}`, ...(i < n / 2 ? ["popular"] : [])], [`c${i}`, `c${from}`]),
            requests: choices([`f${from}`, ...(i % 3 === 0 ? ["popular"] : [])], [`c${from}`]),
          };
        }),
      );
    // One participant nobody can write for (no one offers its fandom): it gets nothing, but may still give.
    const loner = await createUser(db());
    await db()
      .insert(exchangeSignups)
      .values({
        collectionId: c.id,
        userId: loner.id,
        offers: choices(["f0", "popular"], ["c0"]),
        requests: choices(["nowhere"], ["c0"]),
      });
    // The worker thread's path (inline up to 0 participants), and a second run racing it: whichever claims first
    // runs, the other is told.
    const outcomes = await Promise.all([
      runMatching(db(), c, now(), 0).then(
        () => "ran",
        (error: Error) => error.message,
      ),
      call("POST", `/api/collections/${c.name}/matching`, owner).then((res) =>
        res.statusCode === 200 ? "ran" : `${res.statusCode} ${res.json().message}`,
      ),
    ]);
    expect(outcomes.filter((o) => o === "ran")).toHaveLength(1);
    expect(outcomes.filter((o) => o === MATCHING_RUNNING || o === `409 ${MATCHING_RUNNING}`)).toHaveLength(1);
    const view: MatchingView = (await call("GET", `/api/collections/${c.name}/matching`, owner)).json();
    const byName = new Map(people.map((p, i) => [p.username, i]));
    const pairs = view.pairs.filter((p) => byName.has(p.giver) && byName.has(p.recipient));
    expect(pairs).toHaveLength(n);
    for (const p of pairs) expect(p.giver).not.toBe(p.recipient);
    expect(new Set(pairs.map((p) => p.giver)).size).toBe(n);
    expect(new Set(pairs.map((p) => p.recipient)).size).toBe(n);
    // Each pair shares a fandom and a character (the rules), so at least 2.
    for (const p of pairs) expect(p.overlap).toBeGreaterThanOrEqual(2);
    expect(view.unmatched).toEqual([{ username: loner.username, gives: false, gets: false }]);
    // Running again replaces the proposal (no duplicates).
    expect((await call("POST", `/api/collections/${c.name}/matching`, owner)).statusCode).toBe(200);
    const rows = await db().select().from(exchangeAssignments).where(eq(exchangeAssignments.collectionId, c.id));
    expect(rows).toHaveLength(n);
  });

  it("adjusts by hand, sends once, posts gifts, defaults and pinch-hits, and reminds once", async () => {
    const owner = await user();
    const [a, b, d, volunteer] = [await user(), await user(), await user(), await user()];
    const c = await makeCollection(owner, { anonymous: true, unrevealed: true });
    const plain = await makeCollection(owner);
    const base = `/api/collections/${c.name}`;
    await call("PUT", `${base}/exchange`, owner, settings(-DAY / 2));
    const signup = { offers: choices(["Dune", "Sherlock"]), requests: choices(["Dune"]), prompt: "Sand." };
    for (const who of [a, b, d]) expect((await call("POST", `${base}/signups`, who, signup)).statusCode).toBe(201);
    ctx().clock.advance(2 * DAY);
    expect((await call("POST", `${base}/matching`, owner)).statusCode).toBe(200);
    const [ua, ub, ud] = [a, b, d].map((w) => w.user.username) as [string, string, string];
    // Hand-set a→b, b→d, d→a.
    for (const g of [ua, ub, ud]) await call("DELETE", `${base}/matching/${g}`, owner);
    expect((await call("PUT", `${base}/matching/${ua}`, owner, { recipient: ub })).statusCode).toBe(200);
    const taken = await call("PUT", `${base}/matching/${ud}`, owner, { recipient: ub });
    expect([taken.statusCode, taken.json().message]).toEqual([
      409,
      `${ub} already receives a gift from ${ua}; change that pair first`,
    ]);
    expect((await call("PUT", `${base}/matching/${ud}`, owner, { recipient: ud })).statusCode).toBe(400);
    expect((await call("PUT", `${base}/matching/${ub}`, owner, { recipient: ud })).statusCode).toBe(200);
    const set = await call("PUT", `${base}/matching/${ud}`, owner, { recipient: ua });
    expect((set.json() as MatchingView).pairs.map((p) => [p.giver, p.recipient, p.overlap])).toEqual([
      [ua, ub, 1],
      [ub, ud, 1],
      [ud, ua, 1],
    ]);
    expect((await call("POST", `${base}/assignments/send`, a)).statusCode).toBe(403);
    expect((await call("POST", `${base}/assignments/send`, owner)).json()).toEqual({ sent: 3 });
    const again = await call("POST", `${base}/assignments/send`, owner);
    expect([again.statusCode, again.json().message]).toEqual([409, MATCHING_SENT]);
    // Sent: the window and rules the pairs were made from stay; the due date may still move (an extension).
    const held = (await call("GET", `${base}/exchange`, owner)).json() as ExchangeView;
    const kept = {
      signupOpensAt: held.signupOpensAt,
      signupClosesAt: held.signupClosesAt,
      dueAt: held.dueAt,
      rules: held.rules,
    };
    const stricter = await call("PUT", `${base}/exchange`, owner, {
      ...kept,
      rules: { ...held.rules, minFandomMatch: 2 },
    });
    expect([stricter.statusCode, stricter.json().message]).toEqual([409, EXCHANGE_SENT_LOCK]);
    const reopenedUntil = new Date(new Date(held.signupClosesAt).getTime() + DAY).toISOString();
    const reopened = await call("PUT", `${base}/exchange`, owner, { ...kept, signupClosesAt: reopenedUntil });
    expect([reopened.statusCode, reopened.json().message]).toEqual([409, EXCHANGE_SENT_LOCK]);
    const later = new Date(new Date(held.dueAt).getTime() + 3 * DAY).toISOString();
    const extended = await call("PUT", `${base}/exchange`, owner, { ...kept, dueAt: later });
    expect([extended.statusCode, (extended.json() as ExchangeView).dueAt]).toEqual([200, later]);
    for (const who of [a, b, d]) {
      const got = await notes(who.user.id, "assignment");
      expect(got.map((n) => n.collectionId)).toEqual([c.id]);
    }
    const mine: MyAssignmentView[] = (await call("GET", "/api/me/assignments", a)).json();
    expect(mine).toEqual([
      expect.objectContaining({ recipient: ub, prompt: "Sand.", requests: choices(["Dune"]), state: "sent" }),
    ]);

    // a posts its gift: into the collection, a gift for b, unrevealed so b is not told yet.
    const gift = await createStory(db(), { authorId: a.user.id, published: true, publishedAt: now() });
    const someoneElses = await createStory(db(), { authorId: b.user.id, published: true, publishedAt: now() });
    const url = `/api/me/assignments/${mine[0]!.id}/fulfil`;
    expect((await call("POST", url, a, { storyId: someoneElses.id })).json().message).toBe(ASSIGNMENT_STORY_NOT_YOURS);
    expect((await call("POST", `/api/me/assignments/${mine[0]!.id}/fulfil`, b, { storyId: gift.id })).statusCode).toBe(
      404,
    );
    const posted = await call("POST", url, a, { storyId: gift.id });
    expect(posted.json()).toEqual({ storyId: gift.id, collection: c.name, unrevealed: true });
    const [item] = await db().select().from(collectionItems).where(eq(collectionItems.storyId, gift.id));
    expect(item).toMatchObject({ collectionId: c.id, state: "approved" });
    const [hidden] = await db().select().from(stories).where(eq(stories.id, gift.id));
    expect([hidden!.anonymous, hidden!.unrevealed]).toEqual([true, true]);
    expect(await db().select().from(storyGifts).where(eq(storyGifts.storyId, gift.id))).toHaveLength(1);
    expect(await notes(b.user.id, "gift")).toEqual([]);
    expect((await call("POST", url, a, { storyId: gift.id })).statusCode).toBe(409);

    // b defaults; the maintainers give d's gift to a volunteer who never signed up.
    const [bs] = (await call("GET", "/api/me/assignments", b)).json() as MyAssignmentView[];
    expect((await call("POST", `/api/me/assignments/${bs!.id}/default`, b)).statusCode).toBe(204);
    const busy = await call("POST", `${base}/assignments/${bs!.id}/pinch-hit`, owner, { username: ua });
    expect(busy.statusCode).toBe(409);
    const hit = await call("POST", `${base}/assignments/${bs!.id}/pinch-hit`, owner, {
      username: volunteer.user.username,
    });
    expect(hit.statusCode).toBe(201);
    const twice = await call("POST", `${base}/assignments/${bs!.id}/pinch-hit`, owner, {
      username: owner.user.username,
    });
    expect(twice.json().message).toBe(ASSIGNMENT_HAS_PINCH_HITTER);
    const [row] = await db().select().from(exchangeAssignments).where(eq(exchangeAssignments.id, hit.json().id));
    expect(row).toMatchObject({
      giverId: volunteer.user.id,
      recipientId: d.user.id,
      state: "sent",
      pinchHitFor: bs!.id,
    });
    expect(await notes(volunteer.user.id, "assignment")).toHaveLength(1);
    expect((await call("GET", "/api/me/assignments", b)).json()[0].state).toBe("defaulted");

    // The reminder: not yet 3 days before, then once, to the two who have not posted (d, the volunteer).
    const collection = (await findCollection(db(), c.name))!;
    const [exchange] = await db().select().from(giftExchanges).where(eq(giftExchanges.collectionId, collection.id));
    expect(await remindDueAssignments(db(), new Date(exchange!.dueAt.getTime() - 3 * DAY))).toBe(0);
    const at = new Date(exchange!.dueAt.getTime() - DAY);
    const [first, second] = await Promise.all([remindDueAssignments(db(), at), remindDueAssignments(db(), at)]);
    expect(first + second).toBe(2);
    expect(await remindDueAssignments(db(), at)).toBe(0);
    for (const [who, count] of [
      [a, 0],
      [b, 0],
      [d, 1],
      [volunteer, 1],
    ] as const) {
      expect(await notes(who.user.id, "assignment_due")).toHaveLength(count);
    }

    // In a collection that hides nothing, the recipient hears of the gift at once.
    await db()
      .insert(giftExchanges)
      .values({
        collectionId: plain.id,
        signupOpensAt: new Date(now().getTime() - 3 * DAY),
        signupClosesAt: new Date(now().getTime() - 2 * DAY),
        dueAt: new Date(now().getTime() + DAY),
        rules: { minFandomMatch: 0, minCharacterMatch: 0 },
        matchingState: "sent",
      });
    const [open] = await db()
      .insert(exchangeAssignments)
      .values({ collectionId: plain.id, giverId: d.user.id, recipientId: b.user.id, state: "sent" })
      .returning();
    const story = await createStory(db(), { authorId: d.user.id, published: true, publishedAt: now() });
    expect((await call("POST", `/api/me/assignments/${open!.id}/fulfil`, d, { storyId: story.id })).statusCode).toBe(
      200,
    );
    expect((await notes(b.user.id, "gift")).map((n) => n.storyId)).toEqual([story.id]);
  });
});
