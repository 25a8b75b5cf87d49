import { describe, expect, it } from "vitest";
import { StoryUpdate, type StoryView } from "../../../shared/schemas/story";
import { patchFromValues, valuesFromStory } from "./details-values";
import { UNTAGGED } from "../../../shared/tagging";
import { EMPTY_TAGGING } from "../tags/TaggingFields";

function story(overrides: Partial<StoryView> = {}): StoryView {
  return {
    id: 7,
    title: "Old title",
    description: "Setting: Rome",
    content: "",
    authorId: 1,
    published: false,
    createdAt: "2024-01-01T00:00:00.000Z",
    updatedAt: "2024-01-01T00:00:00.000Z",
    template: null,
    characters: { lead: ["Stoic"], supporting: ["Sunbeam"], description: "Two rivals" },
    setting: "Rome",
    plotIdeas: null,
    moods: { romance: 50 },
    coverImage: "/api/images/abc",
    fandoms: [],
    themes: ["slow-burn"],
    tags: ["Anime"],
    version: 3,
    rating: "general",
    ...UNTAGGED,
    markedMature: false,
    wordCount: 0,
    aiShare: 0,
    aiDeclaration: "none",
    aiLabel: "none",
    readerBackground: null,
    publicPath: null,
    ...overrides,
  };
}

describe("valuesFromStory", () => {
  it("maps Main Characters to the characters' description", () => {
    expect(valuesFromStory(story())).toEqual({
      title: "Old title",
      description: "Setting: Rome",
      mainCharacters: "Two rivals",
      setting: "Rome",
      plotIdeas: "",
      tags: ["Anime"],
      coverImage: "/api/images/abc",
      readerBackground: null,
      tagging: EMPTY_TAGGING,
      aiDeclaration: "none",
      audience: "everyone",
      paragraphComments: true,
      language: "en",
    });
  });

  it("shows an empty Main Characters for a story without characters", () => {
    expect(valuesFromStory(story({ characters: null })).mainCharacters).toBe("");
  });
});

describe("patchFromValues", () => {
  it("keeps the archetypes, sends the version, and leaves an unchanged cover out", () => {
    const s = story();
    const patch = patchFromValues(s, { ...valuesFromStory(s), title: " New title ", mainCharacters: "Three rivals" });
    expect(patch).toEqual({
      version: 3,
      title: "New title",
      characters: { lead: ["Stoic"], supporting: ["Sunbeam"], description: "Three rivals" },
      setting: "Rome",
      plotIdeas: "",
      tags: ["Anime"],
      ...EMPTY_TAGGING,
    });
    expect(StoryUpdate.safeParse(patch).success).toBe(true);
  });

  it("sends the characters object for a story without characters, a new cover, and null for a removed one", () => {
    const s = story({ characters: null });
    const changed = patchFromValues(s, {
      ...valuesFromStory(s),
      mainCharacters: "Bob",
      coverImage: "data:image/jpeg;base64,QUJD",
    });
    expect(changed.characters).toEqual({ lead: [], supporting: [], description: "Bob" });
    expect(changed.coverImage).toBe("data:image/jpeg;base64,QUJD");
    expect(patchFromValues(s, { ...valuesFromStory(s), coverImage: null }).coverImage).toBeNull();
  });

  it("sends the paragraph comments switch only when it changed", () => {
    const s = story();
    expect(patchFromValues(s, valuesFromStory(s))).not.toHaveProperty("paragraphComments");
    const off = patchFromValues(s, { ...valuesFromStory(s), paragraphComments: false });
    expect(off.paragraphComments).toBe(false);
    const stored = story({ paragraphComments: false });
    expect(valuesFromStory(stored).paragraphComments).toBe(false);
    expect(patchFromValues(stored, { ...valuesFromStory(stored), paragraphComments: true }).paragraphComments).toBe(
      true,
    );
  });

  it("sends the reader background only when it changed: a new data URL, or null when removed", () => {
    const s = story({ readerBackground: "/api/images/bg" });
    const values = valuesFromStory(s);
    expect(values.readerBackground).toBe("/api/images/bg");
    expect(patchFromValues(s, values)).not.toHaveProperty("readerBackground");
    const picked = patchFromValues(s, { ...values, readerBackground: "data:image/jpeg;base64,QkFDSw==" });
    expect(picked.readerBackground).toBe("data:image/jpeg;base64,QkFDSw==");
    expect(StoryUpdate.safeParse(picked).success).toBe(true);
    const removed = patchFromValues(s, { ...values, readerBackground: null });
    expect(removed).toHaveProperty("readerBackground", null);
    expect(StoryUpdate.safeParse(removed).success).toBe(true);
  });
});
