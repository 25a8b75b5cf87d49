import { describe, expect, it } from "vitest";
import { storyChips } from "./story-chips";

describe("storyChips", () => {
  it("lists a story's tags in AO3's order, one chip per name, the status last", () => {
    const chips = storyChips({
      contentRating: "teen",
      warnings: ["No archive warnings apply", "Major character death"],
      fandoms: ["Stardew Valley", "stardew  valley"],
      relationships: ["Abigail/Sebastian"],
      characterTags: ["Abigail"],
      tags: ["Adventure"],
      freeformTags: ["Found Family", "adventure"],
      status: "complete",
    });
    expect(chips.map((c) => [c.kind, c.label])).toEqual([
      ["rating", "Teen"],
      ["warning", "Major character death"],
      ["fandom", "Stardew Valley"],
      ["relationship", "Abigail/Sebastian"],
      ["character", "Abigail"],
      ["tag", "Adventure"],
      ["tag", "Found Family"],
      ["status", "Complete"],
    ]);
    expect(chips[0]?.value).toBe("teen");
  });
});
