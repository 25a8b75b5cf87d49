import { describe, expect, it } from "vitest";
import { normalizeStoryFields } from "./story-fields";

describe("normalizeStoryFields", () => {
  it("passes today's shapes through", () => {
    const fields = {
      characters: { lead: ["Stoic"], supporting: ["Sunbeam"], description: "Two rivals" },
      moods: { romance: 50 },
      fandoms: ["Naruto"],
      themes: ["slow-burn"],
    };
    expect(normalizeStoryFields(fields)).toEqual(fields);
  });

  it("reads the older shapes: plain text, JSON text, partial objects", () => {
    expect(
      normalizeStoryFields({
        characters: "Just Bob",
        moods: '["cosy"]',
        fandoms: "Naruto, Bleach, naruto, One Piece, Sherlock",
        themes: '["adventure"]',
      }),
    ).toEqual({
      characters: { lead: [], supporting: [], description: "Just Bob" },
      moods: ["cosy"],
      fandoms: ["Naruto", "Bleach", "One Piece"],
      themes: ["adventure"],
    });
    expect(normalizeStoryFields({ characters: '{"lead":["Broody"]}', fandoms: '["A","a"]' })).toMatchObject({
      characters: { lead: ["Broody"], supporting: [], description: "" },
      fandoms: ["A"],
    });
  });

  it("answers empty values for missing or malformed fields", () => {
    expect(normalizeStoryFields({ characters: null, moods: 7, fandoms: null, themes: "{oops" })).toEqual({
      characters: null,
      moods: null,
      fandoms: [],
      themes: [],
    });
    expect(normalizeStoryFields({ moods: { romance: 40, spice: "high" } }).moods).toEqual({ romance: 40 });
  });
});
