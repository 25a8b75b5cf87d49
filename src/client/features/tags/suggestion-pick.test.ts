import { describe, expect, it } from "vitest";
import { defaultHighlight, enterPick, fittingSuggestions } from "./suggestion-pick";

describe("Enter in a tag box", () => {
  it("takes the highlighted suggestion: the first by default, the one spelled as typed before it", () => {
    const list = ["Adventure", "Adventures at Sea"];
    expect(enterPick("Adven", list, defaultHighlight("Adven", list))).toBe("Adventure");
    expect(enterPick("adventures at sea", list, defaultHighlight("adventures at sea", list))).toBe("Adventures at Sea");
    expect(enterPick("Adven", list, 1)).toBe("Adventures at Sea");
  });

  it("adds the typed text only when nothing is suggested", () => {
    expect(defaultHighlight("Zzz", [])).toBe(-1);
    expect(enterPick("Zzz", [], -1)).toBe("Zzz");
  });

  it("suggests only what still fits the text and is not chosen yet (a late answer for a shorter prefix)", () => {
    expect(fittingSuggestions("Adven", ["Adult", "Adventure", "ADVENTURES"], ["adventures"])).toEqual(["Adventure"]);
    expect(fittingSuggestions("  ", ["Adventure"], [])).toEqual([]);
  });
});
