import { describe, expect, it } from "vitest";
import { moodChips } from "./moods";

describe("moodChips", () => {
  it("names the strongest sliders above the midpoint, by label", () => {
    expect(moodChips({ romance: 80, angst: 30, humor: 95, spice: 51, chaos: 50 })).toEqual([
      "Humor",
      "Romance",
      "Spice",
    ]);
  });

  it("takes a list of tags as they are, without duplicates or blanks", () => {
    expect(moodChips(["Cozy", "cozy", "Cozy", " ", "Dark"])).toEqual(["Cozy", "cozy", "Dark"]);
    expect(moodChips(null)).toEqual([]);
  });
});
