// Issue 31 section 4, tag wrangling, through the real app: the wrangler role and its grant, the queue, synonyms and
// canonical tags (every refusal), fandoms set by a person only, the audit entries, and synonyms in Discover's
// filters, on the tag pages and in autocomplete.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { freeTags, moderationAudit } from "../db/schema";
import { parseAdminArgs, runAdminCommand } from "../moderation/admin-command";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";

const unique = () => randomBytes(3).toString("hex");
type Method = "GET" | "POST" | "DELETE";

describeEachDb("tag wrangling", (ctx) => {
  const db = () => ctx().database.db;
  const call = (method: Method, url: string, body?: unknown, cookie?: string) =>
    send(ctx().app, method, url, body, cookie ? { cookie } : {});
  const person = (role = "user") =>
    createVerifiedUserWithSession(db(), { username: `w${unique()}`, role }, ctx().clock.now());
  const tagUrl = (name: string, action: string) => `/api/tags/${encodeURIComponent(name)}/${action}`;
  const ids = (res: { json(): { id: number }[] }) => res.json().map((s) => s.id);

  /** A new author's work published with these free-form tags (and fandoms). */
  async function publish(tags: Record<string, string[]>, title: string, fandoms: string[] = []) {
    const writer = await person();
    const story = await createStory(db(), { authorId: writer.user.id, content: "<p>Words here.</p>", fandoms });
    ctx().clock.advance(1_000);
    const res = await call(
      "POST",
      `/api/stories/${story.id}/publish`,
      { title, description: "Told.", ...tags },
      writer.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    return story.id as number;
  }
  const auditOf = (key: string) =>
    db()
      .select()
      .from(moderationAudit)
      .where(and(eq(moderationAudit.targetType, "tag"), eq(moderationAudit.targetId, key)))
      .orderBy(moderationAudit.id);

  it("npm run admin grants wrangler (audited); only wranglers, moderators and admins reach the wrangling routes", async () => {
    const someone = await person();
    const command = parseAdminArgs(["grant", "wrangler", someone.user.email]);
    expect(command).toEqual({ command: "grant", role: "wrangler", email: someone.user.email });
    const answer = await runAdminCommand(db(), command!, "command line (test)", ctx().clock.now());
    expect(answer).toEqual({ ok: true, message: expect.stringContaining("is now a wrangler (was a user)") });
    const [entry] = await db()
      .select()
      .from(moderationAudit)
      .where(and(eq(moderationAudit.targetId, String(someone.user.id)), eq(moderationAudit.action, "grant-wrangler")));
    expect(entry).toMatchObject({
      actorId: null,
      targetUserId: someone.user.id,
      details: { from: "user", to: "wrangler" },
    });

    // The grant reaches the signed-in session at once, and the app tells the client the role.
    expect((await call("GET", "/api/wrangling/queue", undefined, someone.cookie)).statusCode).toBe(200);
    expect((await call("GET", "/api/user", undefined, someone.cookie)).json()).toMatchObject({ role: "wrangler" });
    // A wrangler moderates nothing.
    expect((await call("GET", "/api/moderation/reports", undefined, someone.cookie)).statusCode).toBe(403);

    const tag = `lonely ${unique()}`;
    await publish({ freeformTags: [tag] }, "Alone");
    const user = await person();
    for (const [method, url, body] of [
      ["GET", "/api/wrangling/queue", undefined],
      ["POST", tagUrl(tag, "synonym"), { of: "Romance" }],
      ["POST", tagUrl(tag, "canonical"), undefined],
      ["DELETE", tagUrl(tag, "synonym"), undefined],
      ["POST", tagUrl(tag, "fandom"), { fandom: "Harry Potter" }],
    ] as const) {
      expect((await call(method, url, body, user.cookie)).statusCode, url).toBe(403);
      expect((await call(method, url, body)).statusCode, url).toBe(401);
    }
    for (const role of ["moderator", "admin"]) {
      const staff = await person(role);
      expect((await call("GET", "/api/wrangling/queue?limit=5", undefined, staff.cookie)).statusCode).toBe(200);
    }
    const [row] = await db().select().from(freeTags).where(eq(freeTags.key, tag));
    expect(row).toMatchObject({ canonical: false, synonymOf: null, wrangledAt: null });
  });

  it("the queue lists unwrangled tags by use, suggests fandoms a person confirms, and drops what was wrangled", async () => {
    const word = unique();
    const busy = `Ilsa Varn/Pip ${word}`;
    const rare = `Quill ${word}`;
    await publish({ relationships: [busy] }, "One", ["Harry Potter"]);
    await publish({ relationships: [busy], characterTags: [rare] }, "Two", ["Harry Potter", "Star Wars"]);
    await publish({ characterTags: [busy] }, "Three", ["Not In The Catalogue"]);
    const wrangler = await person("wrangler");
    const queue = async () =>
      (
        await call("GET", `/api/wrangling/queue?limit=100&q=${word.toUpperCase()}`, undefined, wrangler.cookie)
      ).json() as {
        items: { name: string }[];
        recent: { name: string }[];
      };
    const first = await queue();
    // `q` finds tags by part of their name, any case.
    expect(first.items).toEqual([
      {
        name: busy,
        kind: "relationship",
        canonical: false,
        synonymOf: null,
        fandom: null,
        wrangledAt: null,
        uses: 3,
        usesByKind: { relationship: 2, character: 1 },
        suggestedFandoms: [
          { fandom: "Harry Potter", works: 2 },
          { fandom: "Star Wars", works: 1 },
        ],
      },
      expect.objectContaining({ name: rare, kind: "character", uses: 1 }),
    ]);
    // A suggestion is only shown: used once or many times, no tag gets a fandom until a person sets it.
    const stored = await db().select().from(freeTags).where(eq(freeTags.key, rare.toLowerCase()));
    expect(stored[0]).toMatchObject({ fandom: null, kind: null, wrangledAt: null });

    const set = await call("POST", tagUrl(rare, "fandom"), { fandom: "Star Wars" }, wrangler.cookie);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ name: rare, kind: "character", fandom: "Star Wars" });
    expect(await auditOf(rare.toLowerCase())).toEqual([
      expect.objectContaining({
        action: "tag-fandom",
        actorId: wrangler.user.id,
        actorName: wrangler.user.username,
        details: { from: null, to: "Star Wars" },
      }),
    ]);
    const after = await queue();
    expect(after.items.map((t) => t.name)).not.toContain(rare);
    expect(after.recent[0]).toMatchObject({ name: rare, fandom: "Star Wars" });
    // Bad fandoms, and a fandom for a free-form tag.
    const free = `cosy ${word}`;
    await publish({ freeformTags: [free] }, "Four", ["Harry Potter"]);
    const refused = [
      await call("POST", tagUrl(rare, "fandom"), { fandom: "Narnia Made Up" }, wrangler.cookie),
      await call("POST", tagUrl(rare, "fandom"), { fandom: "x".repeat(10_000) }, wrangler.cookie),
      await call("POST", tagUrl(rare, "fandom"), {}, wrangler.cookie),
      await call("POST", tagUrl(free, "fandom"), { fandom: "Harry Potter" }, wrangler.cookie),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([400, 400, 400, 400]);
    expect(refused[3]!.json().message).toBe("Only character and relationship tags belong to a fandom");
    expect((await call("POST", tagUrl(`nobody ${word}`, "fandom"), { fandom: null }, wrangler.cookie)).statusCode).toBe(
      404,
    );
  });

  it("a synonym filters, redirects and autocompletes as its canonical tag; the canonical's filter finds its works", async () => {
    const word = unique();
    const canonical = `Found Family ${word}`;
    const synonym = `found-fam ${word}`;
    const other = `chosen kin ${word}`;
    const viaCanonical = await publish({ freeformTags: [canonical] }, `Canon ${word}`);
    const viaSynonym = await publish({ freeformTags: [synonym] }, `Syn ${word}`);
    const viaOther = await publish({ freeformTags: [other, "Fluff"] }, `Other ${word}`);
    const plain = await publish({ freeformTags: [`plain ${word}`] }, `Plain ${word}`);
    const wrangler = await person("wrangler");
    const found = (query: string) =>
      call("GET", `/api/published-stories?limit=50&q=${word}&${query}`).then((r) => ids(r).sort());
    // Before wrangling: each spelling is its own tag (and Discover's cached answer is about to go stale).
    expect(await found(`tag=${encodeURIComponent(canonical)}`)).toEqual([viaCanonical]);

    const made = await call("POST", tagUrl(synonym, "synonym"), { of: canonical.toUpperCase() }, wrangler.cookie);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ name: synonym, kind: "freeform", canonical: false, synonymOf: canonical });
    const [target] = await db().select().from(freeTags).where(eq(freeTags.key, canonical.toLowerCase()));
    expect(target).toMatchObject({ canonical: true, synonymOf: null, kind: "freeform", wrangledBy: wrangler.user.id });
    expect((await call("POST", tagUrl(other, "synonym"), { of: canonical }, wrangler.cookie)).statusCode).toBe(200);

    const all = [viaCanonical, viaSynonym, viaOther].sort();
    expect(await found(`tag=${encodeURIComponent(canonical)}`)).toEqual(all);
    // Asking for a synonym asks for its group; with another tag, both are required.
    expect(await found(`tag=${encodeURIComponent(synonym)}`)).toEqual(all);
    expect(await found(`tag=${encodeURIComponent(canonical)}&tag=Fluff`)).toEqual([viaOther]);
    expect(await found(`exclude=${encodeURIComponent(canonical)}`)).toEqual([plain]);
    expect(await found(`exclude=${encodeURIComponent(other)}`)).toEqual([plain]);

    // The synonym's page sends readers to the canonical tag's, which lists the synonyms' works.
    const moved = await call("GET", `/t/${encodeURIComponent(synonym)}`);
    expect([moved.statusCode, moved.headers.location]).toEqual([301, `/t/${encodeURIComponent(canonical)}`]);
    const page = await call("GET", `/t/${encodeURIComponent(canonical)}`);
    for (const id of all) expect(page.body).toContain(`/s/${id}-`);

    // Autocomplete: the canonical spelling first, and a synonym's match leads to it.
    const suggest = (q: string) => call("GET", `/api/tags?q=${encodeURIComponent(q)}`).then((r) => r.json());
    expect(await suggest(`chosen kin ${word}`)).toEqual([canonical]);
    const prefix = unique();
    const early = `${prefix} aardvark`;
    const late = `${prefix} zebra`;
    await publish({ freeformTags: [early, late] }, `Zoo ${word}`);
    expect(await suggest(prefix)).toEqual([early, late]);
    expect((await call("POST", tagUrl(late, "canonical"), undefined, wrangler.cookie)).statusCode).toBe(200);
    expect(await suggest(prefix)).toEqual([late, early]);

    // Undo: the synonym filters on its own again; the audit log has every act.
    const undone = await call("DELETE", tagUrl(other, "synonym"), undefined, wrangler.cookie);
    expect(undone.json()).toMatchObject({ name: other, synonymOf: null, canonical: false });
    expect(await found(`tag=${encodeURIComponent(canonical)}`)).toEqual([viaCanonical, viaSynonym].sort());
    expect((await call("GET", `/t/${encodeURIComponent(other)}`)).statusCode).toBe(200);
    expect((await auditOf(other)).map((a) => [a.action, a.actorId])).toEqual([
      ["tag-synonym", wrangler.user.id],
      ["tag-unsynonym", wrangler.user.id],
    ]);
  });

  it("refuses loops, chains, other kinds, catalogue tags, unknown and oversized tags; moves a tag's synonyms", async () => {
    const word = unique();
    const [a, b, c, s] = ["alpha", "beta", "gamma", "sigma"].map((n) => `${n} ${word}`) as [
      string,
      string,
      string,
      string,
    ];
    const character = `Pip ${word}`;
    await publish({ freeformTags: [a, b, c, s], characterTags: [character] }, `Greek ${word}`);
    const wrangler = await person("wrangler");
    const synonym = (name: string, of: unknown) => call("POST", tagUrl(name, "synonym"), { of }, wrangler.cookie);

    expect((await synonym(a, b)).statusCode).toBe(200);
    const loop = await synonym(b, a);
    expect([loop.statusCode, loop.json().message]).toEqual([
      400,
      "That would make a loop: the other tag is already a synonym of this one",
    ]);
    const chain = await synonym(c, a);
    expect([chain.statusCode, chain.json().message]).toEqual([
      400,
      `That tag is a synonym of ${b}; choose ${b} instead`,
    ]);
    const kind = await synonym(character, b);
    expect([kind.statusCode, kind.json().message]).toEqual([
      400,
      "A character tag can't be a synonym of a freeform tag",
    ]);
    expect((await synonym(b, b)).statusCode).toBe(400);
    expect((await synonym(`nobody ${word}`, b)).statusCode).toBe(404);
    expect((await synonym(b, `nobody ${word}`)).statusCode).toBe(400);
    expect((await synonym(b, "x".repeat(101))).statusCode).toBe(400);
    expect((await synonym(b, 42)).statusCode).toBe(400);
    // A name longer than any tag is refused by the router (URI too long) before anything runs.
    expect((await call("POST", tagUrl("x".repeat(301), "synonym"), { of: b }, wrangler.cookie)).statusCode).toBe(414);
    const malformed = await send(ctx().app, "POST", tagUrl(b, "synonym"), "{not json", {
      cookie: wrangler.cookie,
      "content-type": "application/json",
    });
    expect(malformed.statusCode).toBe(400);

    // A catalogue tag may be the canonical one, never the synonym.
    await publish({ freeformTags: ["Romance", `romancy ${word}`] }, `Love ${word}`);
    expect((await synonym("Romance", `romancy ${word}`)).statusCode).toBe(400);
    expect((await synonym(`romancy ${word}`, "romance")).json()).toMatchObject({ synonymOf: "Romance" });

    // b has the synonym a; b becomes a synonym of s: a moves to s (no chain), and nothing refused wrote anything.
    const moved = await synonym(b, s);
    expect(moved.json()).toMatchObject({ name: b, synonymOf: s, canonical: false });
    const rows = await db().select().from(freeTags).where(eq(freeTags.synonymOf, s));
    expect(rows.map((r) => r.key).sort()).toEqual([a, b]);
    expect((await auditOf(b)).map((e) => [e.action, e.details])).toEqual([
      ["tag-synonym", { of: s, previously: "canonical", targetMadeCanonical: true, movedSynonyms: [a] }],
    ]);
    // Make canonical undoes a synonym.
    expect((await call("POST", tagUrl(a, "canonical"), undefined, wrangler.cookie)).json()).toMatchObject({
      canonical: true,
      synonymOf: null,
    });
  });
});
