// Text PostgreSQL cannot store (NUL, unpaired surrogates) is a 400 naming the field, wherever it arrives.
import { describe, expect, it } from "vitest";
import { freshIp, newAccount, sendFrom } from "../test/accounts";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { BAD_CHARACTER, findUnstorableText } from "./request-text";

const refused = (field: string) => ({ message: BAD_CHARACTER, code: "VALIDATION", fields: { [field]: BAD_CHARACTER } });

describe("findUnstorableText", () => {
  it("finds NUL and lone surrogates in nested values and keys, and passes emoji", () => {
    expect(findUnstorableText({ a: ["ok", "🐉 dragon"], b: { c: 1, d: null } })).toBeUndefined();
    expect(findUnstorableText({ a: ["ok", "x\u0000"] })).toEqual(["a", "1"]);
    expect(findUnstorableText({ a: { b: "\ud83d" } })).toEqual(["a", "b"]);
    expect(findUnstorableText({ a: "\udc09 reversed \ud83d" })).toEqual(["a"]);
    expect(findUnstorableText({ moods: { "\ud800": 5 } })).toEqual(["moods"]);
    expect(findUnstorableText("\u0000")).toEqual([]);
  });

  it("does not walk a raw body's bytes (the Stripe webhook's Buffer)", () => {
    const started = performance.now();
    expect(findUnstorableText({ raw: Buffer.alloc(4 * 1024 * 1024) })).toBeUndefined();
    // Walked index by index, 4 MB took seconds.
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describeEachDb("unstorable text", (ctx) => {
  async function ownStory() {
    const { db } = ctx().database;
    const session = await createVerifiedUserWithSession(db, {}, ctx().clock.now());
    const story = await createStory(db, { authorId: session.user.id });
    return { ...session, story };
  }

  it.each([
    ["description", { description: "A tale\u0000" }, "description"],
    ["content", { content: "<p>a\u0000b</p>" }, "content"],
    ["moods as a list", { moods: ["Fluff", "Angst\u0000"] }, "moods.1"],
    ["mood slider names", { moods: { "\ud83d": 40 } }, "moods"],
    ["fandoms", { fandoms: ["Naruto\udc00"] }, "fandoms.0"],
    ["the title", { title: "Dragon \ud83d" }, "title"],
  ])("refuses a NUL or lone surrogate in %s when saving", async (_name, patch, field) => {
    const { story, cookie } = await ownStory();
    const res = await send(ctx().app, "PATCH", `/api/stories/${story.id}`, patch, { cookie });
    expect([res.statusCode, res.json()]).toEqual([400, refused(field)]);
  });

  it("refuses them when creating and publishing too", async () => {
    const { story, cookie } = await ownStory();
    const created = await send(ctx().app, "POST", "/api/stories", { title: "T", fandoms: ["\u0000"] }, { cookie });
    expect(created.json()).toEqual(refused("fandoms.0"));
    const published = await send(
      ctx().app,
      "POST",
      `/api/stories/${story.id}/publish`,
      { title: "T", description: "\ud800" },
      { cookie },
    );
    expect(published.json()).toEqual(refused("description"));
  });

  it("refuses them in sign-up fields, the referral code in the body or the query, and route parameters", async () => {
    const register = (body: object, query = "") =>
      sendFrom(ctx().app, freshIp(), "POST", `/api/register${query}`, body);
    expect((await register(newAccount({ description: "Hi\u0000" }))).json()).toEqual(refused("description"));
    expect((await register(newAccount({ ref: "abc\u0000" }))).json()).toEqual(refused("ref"));
    const viaQuery = await register(newAccount(), "?ref=abc%00");
    expect([viaQuery.statusCode, viaQuery.json()]).toEqual([400, refused("ref")]);
    const { cookie } = await ownStory();
    const param = await send(ctx().app, "GET", "/api/stories/1%00", undefined, { cookie });
    expect([param.statusCode, param.json()]).toEqual([400, refused("id")]);
  });

  it("stores emoji and other well-formed text", async () => {
    const { story, cookie } = await ownStory();
    const res = await send(
      ctx().app,
      "PATCH",
      `/api/stories/${story.id}`,
      { description: "🐉 Ōkami, 火", moods: ["Fluff 🌸"], fandoms: ["ナルト"] },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ description: "🐉 Ōkami, 火", moods: ["Fluff 🌸"], fandoms: ["ナルト"] });
  });
});
