// A title that is blank once invisible characters are removed is refused on create, save and publish.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { stories } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";

// Zero-width space, ZWNJ, ZWJ, BOM, soft hyphen, Hangul filler, ideographic space, plain spaces.
const BLANK_TITLES = ["\u200B", " \u200C\u200D ", "\uFEFF", "\u00AD\u00AD", "\u3164", "\u3000", "   "];
const required = {
  message: "Story title is required",
  code: "VALIDATION",
  fields: { title: "Story title is required" },
};

describeEachDb("stories: blank titles", (ctx) => {
  async function ownStory() {
    const { db } = ctx().database;
    const session = await createVerifiedUserWithSession(db, {}, ctx().clock.now());
    const story = await createStory(db, { authorId: session.user.id, title: "Kept", description: "d" });
    return { ...session, story };
  }

  it.each(BLANK_TITLES)("refuses %j as a title when creating, saving and publishing", async (title) => {
    const { story, cookie } = await ownStory();
    const created = await send(ctx().app, "POST", "/api/stories", { title, content: "" }, { cookie });
    expect([created.statusCode, created.json()]).toEqual([400, required]);
    const saved = await send(ctx().app, "PATCH", `/api/stories/${story.id}`, { title }, { cookie });
    expect([saved.statusCode, saved.json()]).toEqual([400, required]);
    const published = await send(
      ctx().app,
      "POST",
      `/api/stories/${story.id}/publish`,
      { title, description: "A tale" },
      { cookie },
    );
    expect([published.statusCode, published.json().fields]).toEqual([400, { title: "Title required" }]);
    const [row] = await ctx().database.db.select().from(stories).where(eq(stories.id, story.id));
    expect([row!.title, row!.published]).toEqual(["Kept", false]);
  });

  it("still saves a visible title", async () => {
    const { story, cookie } = await ownStory();
    const saved = await send(ctx().app, "PATCH", `/api/stories/${story.id}`, { title: "Ōkami Rising" }, { cookie });
    expect([saved.statusCode, saved.json().title]).toEqual([200, "Ōkami Rising"]);
  });
});
