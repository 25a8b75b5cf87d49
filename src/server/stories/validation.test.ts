import { expect, it } from "vitest";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";

const LONG_TEXT_CHARS = "can only contain letters, numbers, spaces, line breaks, and basic punctuation";

// [payload, field, message]; null message = accepted.
const CASES: [Record<string, unknown>, string, string | null][] = [
  [{ title: "a".repeat(50) }, "title", null],
  [{ title: "a".repeat(51) }, "title", "Story title must be at most 50 characters"],
  [{ title: "Cats & Dogs" }, "title", "Story title can only contain letters, numbers, spaces, and basic punctuation"],
  [{ title: "<script>" }, "title", "Story title can only contain letters, numbers, spaces, and basic punctuation"],
  [{ setting: "s".repeat(560) }, "setting", null],
  [{ setting: "s".repeat(561) }, "setting", "Setting must be at most 560 characters"],
  [{ setting: "a {brace}" }, "setting", `Setting ${LONG_TEXT_CHARS}`],
  [{ plotIdeas: "p".repeat(561) }, "plotIdeas", "Plot ideas must be at most 560 characters"],
  [{ plotIdeas: "line one\nline two, ok!" }, "plotIdeas", null],
  [{ characters: "c".repeat(561) }, "characters", "Character description must be at most 560 characters"],
  [{ characters: "Who <am> I" }, "characters", `Character description ${LONG_TEXT_CHARS}`],
  [{ characters: { lead: ["Stoic", "Stoic"] } }, "characters.lead", "Each lead archetype can only be picked once"],
  [
    { characters: { supporting: ["Broody", "Broody"] } },
    "characters.supporting",
    "Each supporting archetype can only be picked once",
  ],
  [
    { characters: { lead: ["Stoic", "Sunbeam", "Broody", "Bookworm"] } },
    "characters.lead",
    "You can pick at most 3 lead archetypes",
  ],
  [{ fandoms: ["Naruto", "Bleach", "One Piece"] }, "fandoms", null],
  [{ fandoms: ["Naruto", "Bleach", "One Piece", "Sherlock"] }, "fandoms", "You can pick at most 3 fandoms"],
  [{ fandoms: ["Naruto", "Naruto"] }, "fandoms", "Each fandom can only be picked once"],
];

describeEachDb("stories: validation messages", (ctx) => {
  it.each(CASES)("create %j → %s: %s", async (payload, field, message) => {
    const { cookie } = await createVerifiedUserWithSession(ctx().database.db, {}, ctx().clock.now());
    const res = await send(ctx().app, "POST", "/api/stories", { title: "Valid", ...payload }, { cookie });
    if (message === null) {
      expect(res.statusCode).toBe(201);
      return;
    }
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: "VALIDATION", fields: { [field]: message } });
  });

  it.each(CASES.filter(([, , m]) => m !== null))("patch %j → %s: %s", async (payload, field, message) => {
    const { user, cookie } = await createVerifiedUserWithSession(ctx().database.db, {}, ctx().clock.now());
    const story = await createStory(ctx().database.db, { authorId: user.id });
    const res = await send(ctx().app, "PATCH", `/api/stories/${story.id}`, payload, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, fields: { [field]: message } });
  });

  it("refuses more than 5 tags on save and on publish", async () => {
    const { user, cookie } = await createVerifiedUserWithSession(ctx().database.db, {}, ctx().clock.now());
    const story = await createStory(ctx().database.db, { authorId: user.id });
    const six = ["Anime", "Romance", "Action", "Adventure", "Sci-Fi", "Fantasy"];
    const patch = await send(ctx().app, "PATCH", `/api/stories/${story.id}`, { tags: six }, { cookie });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().message).toBe("You can add at most 5 tags");
    const publish = await send(
      ctx().app,
      "POST",
      `/api/stories/${story.id}/publish`,
      { title: "T", description: "D", tags: six },
      { cookie },
    );
    expect(publish.statusCode).toBe(400);
    expect(publish.json().message).toBe("You can add at most 5 tags");
    const five = await send(ctx().app, "PATCH", `/api/stories/${story.id}`, { tags: six.slice(0, 5) }, { cookie });
    expect(five.statusCode).toBe(200);
    expect(five.json().tags).toEqual(["Action", "Adventure", "Anime", "Romance", "Sci-Fi"]);
  });
});
