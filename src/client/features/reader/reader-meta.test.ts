// The reader's chips, reading time and provenance line.
import { describe, expect, it } from "vitest";
import { moodLabels, readingTime, storyChips } from "./reader-meta";

describe("storyChips", () => {
  it("lists fandoms then moods, each once, ignoring case and spacing across both", () => {
    expect(storyChips(["Naruto", " naruto ", "Harry  Potter", "Romance"], ["romance", "Angst", "angst"])).toEqual([
      { kind: "fandom", label: "Naruto" },
      { kind: "fandom", label: "Harry Potter" },
      { kind: "fandom", label: "Romance" },
      { kind: "mood", label: "Angst" },
    ]);
  });

  it("shows only the strong slider moods, strongest first, at most three", () => {
    const moods = { romance: 90, angst: 30, humor: 60, spice: 75, chaos: 59, action: 61 };
    expect(moodLabels(moods)).toEqual(["Romance", "Spice", "Action"]);
    expect(storyChips([], { angst: 10 })).toEqual([]);
  });

  it("copes with missing fields", () => {
    expect(storyChips(null, null)).toEqual([]);
  });
});

describe("readingTime", () => {
  it.each([
    [0, null],
    [50, "1 min read"],
    [230, "1 min read"],
    [1150, "5 min read"],
    [1300, "6 min read"],
  ])("%i words read as %j", (words, text) => {
    expect(readingTime(words)).toBe(text);
  });
});
