import { describe, expect, it } from "vitest";
import { isBlankText, PublishBody, StoryCreate, StoryFields, StoryUpdate } from "./story";

function firstMessage(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? null : result.error!.issues[0]!.message;
}

describe("story title", () => {
  it.each([
    ["", "Story title is required"],
    ["A", null],
    ["a".repeat(50), null],
    ["a".repeat(51), "Story title must be at most 50 characters"],
    ["Hello, World! Isn't it-fun_? ok.", null],
    ["Émilie and the Ōkami", null],
    ["<script>", "Story title can only contain letters, numbers, spaces, and basic punctuation"],
    ["Line\nbreak", "Story title can only contain letters, numbers, spaces, and basic punctuation"],
    ["50% off", "Story title can only contain letters, numbers, spaces, and basic punctuation"],
  ])("%j → %s", (title, message) => {
    expect(firstMessage(StoryFields, { title })).toBe(message);
  });

  // Zero-width space, ZWNJ, ZWJ, word joiner, BOM, soft hyphen, left-to-right mark, Hangul filler,
  // no-break space, ideographic space, braille blank.
  const INVISIBLES = [
    "\u200B",
    "\u200C",
    "\u200D",
    "\u2060",
    "\uFEFF",
    "\u00AD",
    "\u200E",
    "\u3164",
    "\u00A0",
    "\u3000",
    "\u2800",
  ];

  it.each(INVISIBLES)("refuses a title of %j alone, with spaces, as blank", (invisible) => {
    expect(isBlankText(invisible)).toBe(true);
    for (const title of [invisible, ` ${invisible}${invisible} `]) {
      expect(firstMessage(StoryFields, { title })).toBe("Story title is required");
      expect(firstMessage(StoryUpdate, { title })).toBe("Story title is required");
      expect(firstMessage(StoryCreate, { title })).toBe("Story title is required");
      expect(firstMessage(PublishBody, { title, description: "d" })).toBe("Title required");
    }
  });

  it("refuses a title of spaces when saving, not only when creating", () => {
    expect(firstMessage(StoryUpdate, { title: "   " })).toBe("Story title is required");
  });

  it("does not count a visible title as blank", () => {
    expect(isBlankText("A")).toBe(false);
    expect(isBlankText("\u200BA\u200B")).toBe(false);
    expect(isBlankText("ㄱ")).toBe(false);
  });
});

describe("characters, setting and plot ideas", () => {
  it.each([
    ["characters", "Character description"],
    ["setting", "Setting"],
    ["plotIdeas", "Plot ideas"],
  ])("%s: 560 allowed, 561 refused, line breaks allowed, symbols refused", (field, label) => {
    expect(firstMessage(StoryFields, { title: "T", [field]: "a".repeat(560) })).toBeNull();
    expect(firstMessage(StoryFields, { title: "T", [field]: "a".repeat(561) })).toBe(
      `${label} must be at most 560 characters`,
    );
    expect(firstMessage(StoryFields, { title: "T", [field]: "line one\nline two, ok!" })).toBeNull();
    expect(firstMessage(StoryFields, { title: "T", [field]: "a <b>" })).toBe(
      `${label} can only contain letters, numbers, spaces, line breaks, and basic punctuation`,
    );
  });
});

describe("creation payload", () => {
  it("defaults the title and accepts JSON text for JSON fields", () => {
    const parsed = StoryCreate.parse({
      themes: '["slow-burn"]',
      moods: '{"romance":50}',
      fandoms: '["Naruto"]',
      characters: '{"lead":["Stoic"],"supporting":[],"description":"tall"}',
    });
    expect(parsed.title).toBe("Untitled Story");
    expect(parsed.themes).toEqual(["slow-burn"]);
    expect(parsed.moods).toEqual({ romance: 50 });
    expect(parsed.fandoms).toEqual(["Naruto"]);
    expect(parsed.characters).toEqual({ lead: ["Stoic"], supporting: [], description: "tall" });
  });

  it("limits archetypes and fandoms to 3 without duplicates, moods to 0-100", () => {
    const lead = ["Stoic", "Sunbeam", "Broody", "Bookworm"];
    expect(firstMessage(StoryCreate, { characters: { lead } })).toBe("You can pick at most 3 lead archetypes");
    expect(firstMessage(StoryCreate, { characters: { supporting: ["Stoic", "Stoic"] } })).toBe(
      "Each supporting archetype can only be picked once",
    );
    expect(firstMessage(StoryCreate, { fandoms: ["A", "B", "C", "D"] })).toBe("You can pick at most 3 fandoms");
    expect(StoryCreate.safeParse({ moods: { romance: 101 } }).success).toBe(false);
    expect(StoryCreate.safeParse({ moods: { romance: -1 } }).success).toBe(false);
    expect(StoryCreate.safeParse({ themes: ["not-a-theme"] }).success).toBe(false);
  });
});

describe("normalized on write", () => {
  it("stores plain-text characters as the characters object's description", () => {
    expect(StoryUpdate.parse({ characters: "Ren and Mika" }).characters).toEqual({
      lead: [],
      supporting: [],
      description: "Ren and Mika",
    });
  });

  it("turns plain-text fandoms into a list: split, trimmed, without repeats", () => {
    expect(StoryUpdate.parse({ fandoms: " Naruto, Bleach\nnaruto ;; " }).fandoms).toEqual(["Naruto", "Bleach"]);
    expect(StoryUpdate.parse({ fandoms: "" }).fandoms).toEqual([]);
    expect(StoryUpdate.parse({ fandoms: [" Naruto "] }).fandoms).toEqual(["Naruto"]);
    expect(firstMessage(StoryUpdate, { fandoms: "A, B, C, D" })).toBe("You can pick at most 3 fandoms");
  });
});

describe("update", () => {
  it("accepts a subset with a version and limits tags to 5 known ones", () => {
    expect(StoryUpdate.parse({ version: 3, content: "<p>x</p>" })).toEqual({ version: 3, content: "<p>x</p>" });
    expect(firstMessage(StoryUpdate, { tags: ["Anime", "Romance", "Action", "Adventure", "Fantasy", "Comedy"] })).toBe(
      "You can add at most 5 tags",
    );
    expect(StoryUpdate.safeParse({ tags: ["Not a tag"] }).success).toBe(false);
  });
});

describe("publish", () => {
  it("needs a title and a description after trimming", () => {
    expect(firstMessage(PublishBody, { title: "   ", description: "d" })).toBe("Title required");
    expect(firstMessage(PublishBody, { title: "T", description: "  " })).toBe("Description required");
    expect(PublishBody.parse({ title: " T ", description: " d " })).toEqual({ title: "T", description: "d", tags: [] });
  });

  it("takes at most 5 tags", () => {
    const tags = ["Anime", "Romance", "Action", "Adventure", "Sci-Fi"];
    expect(firstMessage(PublishBody, { title: "T", description: "d", tags })).toBeNull();
    expect(firstMessage(PublishBody, { title: "T", description: "d", tags: [...tags, "Fantasy"] })).toBe(
      "You can add at most 5 tags",
    );
  });
});
