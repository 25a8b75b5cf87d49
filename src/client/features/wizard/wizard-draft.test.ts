import { describe, expect, it } from "vitest";
import { StoryCreate } from "../../../shared/schemas/story";
import { buildCreatePayload, canLeaveThemes, emptyDraft, toggleLimited } from "./wizard-draft";

describe("toggleLimited", () => {
  it("adds, removes, and ignores a fourth pick at max 3", () => {
    expect(toggleLimited([], "Stoic", 3)).toEqual(["Stoic"]);
    expect(toggleLimited(["Stoic", "Broody"], "Stoic", 3)).toEqual(["Broody"]);
    expect(toggleLimited(["A", "B", "C"], "D", 3)).toEqual(["A", "B", "C"]);
  });
});

describe("the wizard draft", () => {
  it("needs a theme to leave step 1", () => {
    expect(canLeaveThemes(emptyDraft())).toBe(false);
    expect(canLeaveThemes({ ...emptyDraft(), themes: ["slow-burn"] })).toBe(true);
  });

  it("builds the creation payload, which the shared schema accepts", () => {
    const draft = {
      ...emptyDraft(),
      themes: ["slow-burn", "adventure"],
      title: "  The Long Road  ",
      lead: ["Stoic"],
      supporting: ["Sunbeam", "Bookworm"],
      characterDescription: "Two rivals",
      setting: "A floating city",
      plotIdeas: "A heist",
      fandoms: ["Harry Potter"],
    };
    const payload = buildCreatePayload(draft);
    expect(payload).toEqual({
      title: "The Long Road",
      description: "Setting: A floating city",
      content: "",
      themes: ["slow-burn", "adventure"],
      characters: { lead: ["Stoic"], supporting: ["Sunbeam", "Bookworm"], description: "Two rivals" },
      setting: "A floating city",
      plotIdeas: "A heist",
      moods: { romance: 50, angst: 30, humor: 40, spice: 20, chaos: 25, adventure: 35, action: 40 },
      fandoms: ["Harry Potter"],
    });
    expect(StoryCreate.safeParse(payload).success).toBe(true);
  });

  it("sends the cover only when there is one", () => {
    expect("coverImage" in buildCreatePayload(emptyDraft())).toBe(false);
    const withCover = buildCreatePayload({ ...emptyDraft(), coverImage: "data:image/jpeg;base64,QUJD" });
    expect(withCover.coverImage).toBe("data:image/jpeg;base64,QUJD");
  });
});
