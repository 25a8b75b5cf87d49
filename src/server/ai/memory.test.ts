// Story memory: built from the story without a model, refreshed after a premium author's save, never replaced by
// a refresh that read an older story.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { storyMemories } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { formatContextBlock, parseContextBlock, type StoryBrief } from "./context-block";
import { buildStoryMemory, loadStoryMemory, refreshStoryMemory, storeStoryMemory } from "./memory";
import { MEMORY_STORY_CHARACTERS, MEMORY_STORY_HTML } from "./memory-fixture";
import { SUMMARY_LIMITS } from "./memory-summary";
import { storyChapters } from "./memory-text";

const memory = buildStoryMemory({ content: MEMORY_STORY_HTML, characters: MEMORY_STORY_CHARACTERS });
const character = (name: string) => memory.characters.find((c) => c.name === name);

describe("buildStoryMemory on a three-chapter story", () => {
  it("finds the characters from the notes and the names that recur in the text, and nothing else", () => {
    expect(memory.characters.map((c) => c.name)).toEqual(["Ren", "Mika", "Corvin Ash"]);
  });

  it("gives traits from the archetypes and the notes", () => {
    expect(character("Ren")?.traits).toEqual(expect.arrayContaining(["Stoic", "stoic swordsman"]));
    expect(character("Mika")?.traits).toContain("Sunbeam");
  });

  it("reads relationships from explicit phrases", () => {
    expect(character("Corvin Ash")?.relationships).toContain("rival of Ren");
    expect(character("Mika")?.relationships).toContain("sister of Ren");
    expect(character("Ren")?.relationships).toContain("brother of Mika");
  });

  it("ties characters who keep sharing paragraphs", () => {
    const story = [
      "<p>Ada met Bo at the harbour.</p>",
      "<p>Later Ada and Bo ate fish.</p>",
      "<p>Cy slept. Cy woke. Cy ate.</p>",
    ];
    const { characters } = buildStoryMemory({ content: story.join(""), characters: null });
    expect(characters.find((c) => c.name === "Ada")?.relationships).toEqual(["often with Bo"]);
    expect(characters.find((c) => c.name === "Cy")?.relationships).toEqual([]);
  });

  it("summarizes the earlier chapters, not the latest one the prompt carries as text", () => {
    const lines = memory.summary?.split("\n") ?? [];
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Chapter 1: The Pass — Snow had closed the northern pass for nine days/);
    expect(lines[0]).toContain("Corvin Ash");
    expect(lines[1]).toMatch(/^Chapter 2: The Letter — By morning the letter had been opened/);
    expect(memory.summary).not.toContain("crows woke");
  });

  it("has no summary while the story has one chapter, and keeps a long one within its bound", () => {
    expect(buildStoryMemory({ content: "<p>Ren waited. Ren slept.</p>", characters: null }).summary).toBeNull();
    const long = Array.from(
      { length: 80 },
      (_, i) => `<h2>Chapter ${i + 1}</h2><p>${"Ren walked on through the long grey snow. ".repeat(20)}</p>`,
    ).join("");
    const summary = buildStoryMemory({ content: long, characters: null }).summary!;
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_LIMITS.chars);
    expect(summary).toMatch(/^Chapter 1 — /);
    expect(summary).toContain("chapters left out");
    expect(summary).toContain("Chapter 79 — ");
  });

  it("reads a long story's latest text in full and earlier chapters by their openings", () => {
    const paragraphs = (chapter: number) =>
      Array.from({ length: 10 }, (_, i) => `<p>Chapter ${chapter} paragraph ${i} has six words.</p>`).join("");
    const html = [1, 2, 3].map((n) => `<h2>Part ${n}</h2>${paragraphs(n)}`).join("");
    const read = storyChapters(html, 80).map((c) => c.paragraphs.map((p) => p[0]!.words[3]!.text).join(","));
    // 80 words: the last chapter (70) and two paragraphs before it; every chapter keeps its first two.
    expect(read).toEqual(["0,1", "0,1,8,9", "0,1,2,3,4,5,6,7,8,9"]);
  });

  it("travels through the prompt's context block and back unchanged", () => {
    const brief = parseContextBlock("");
    const back = parseContextBlock(formatContextBlock({ ...brief, memory } as StoryBrief));
    // The block holds one line per field: the summary's lines are joined with ' / '.
    expect(back.memory).toEqual({ ...memory, summary: memory.summary?.replace(/\n/g, " / ") });
  });
});

describeEachDb("story memory in the database", (ctx) => {
  const db = () => ctx().database.db;
  const stored = async (storyId: number) =>
    (await db().select().from(storyMemories).where(eq(storyMemories.storyId, storyId)))[0];
  const save = async (headers: { cookie: string }, id: number, content: string) => {
    const response = await send(ctx().app, "PATCH", `/api/stories/${id}`, { content }, headers);
    expect(response.statusCode, response.body).toBe(200);
    await ctx().app.background.settled();
    return response.json() as { version: number };
  };

  it("is refreshed after a premium author's save, and only then", async () => {
    const premium = await createVerifiedUserWithSession(db(), { isPremium: true });
    const free = await createVerifiedUserWithSession(db());
    const mine = await createStory(db(), { authorId: premium.user.id, characters: MEMORY_STORY_CHARACTERS });
    const theirs = await createStory(db(), { authorId: free.user.id, characters: MEMORY_STORY_CHARACTERS });

    const saved = await save(premium.headers, mine.id, MEMORY_STORY_HTML);
    expect(await stored(mine.id)).toMatchObject({ storyVersion: saved.version, summary: memory.summary });
    expect((await stored(mine.id))?.characters).toEqual(memory.characters);
    await save(free.headers, theirs.id, MEMORY_STORY_HTML);
    expect(await stored(theirs.id)).toBeUndefined();

    // A save without content (a title) leaves the memory alone; the next content save brings it up to date.
    await send(ctx().app, "PATCH", `/api/stories/${mine.id}`, { title: "Renamed" }, premium.headers);
    await ctx().app.background.settled();
    expect((await stored(mine.id))?.storyVersion).toBe(saved.version);
    const next = await save(premium.headers, mine.id, `${MEMORY_STORY_HTML}<h2>Chapter 4</h2><p>Ren woke.</p>`);
    expect((await stored(mine.id))?.storyVersion).toBe(next.version);
    expect((await stored(mine.id))?.summary).toContain("Chapter 3: Crows — ");
  });

  it("skips a refresh when the stored memory is current, and a stale refresh loses", async () => {
    const story = await createStory(db(), { content: MEMORY_STORY_HTML, characters: MEMORY_STORY_CHARACTERS });
    expect(await refreshStoryMemory(db(), story.id)).toBe(true);
    expect(await refreshStoryMemory(db(), story.id)).toBe(false);

    const newer = { characters: [{ name: "Newer", traits: [], relationships: [] }], summary: "newer" };
    expect(await storeStoryMemory(db(), story.id, story.version + 2, newer)).toBe(true);
    // A refresh that read the story at an older version arrives late: the newer memory stays.
    const older = { characters: [{ name: "Older", traits: [], relationships: [] }], summary: "older" };
    expect(await storeStoryMemory(db(), story.id, story.version + 1, older)).toBe(false);
    expect(await stored(story.id)).toMatchObject({ storyVersion: story.version + 2, summary: "newer" });
    expect(await loadStoryMemory(db(), story.id)).toEqual(newer);
  });

  it("loads a memory, building it first when missing; null for no story", async () => {
    const story = await createStory(db(), { content: MEMORY_STORY_HTML, characters: MEMORY_STORY_CHARACTERS });
    expect(await stored(story.id)).toBeUndefined();
    expect(await loadStoryMemory(db(), story.id)).toEqual(memory);
    expect((await stored(story.id))?.storyVersion).toBe(story.version);
    expect(await loadStoryMemory(db(), 987_654_321)).toBeNull();
  });
});
