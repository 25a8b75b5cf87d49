import { describe, expect, it } from "vitest";
import { checkPublishDraft, publishableTags, reopenDraft } from "./publish-form";
import { toggleTag } from "./TagPicker";

const draft = { title: " My Tale ", description: " A story ", coverImage: null, tags: ["Anime"], markedMature: false };

describe("checkPublishDraft", () => {
  it("asks for a title first, with SPEC.md's toast and the same text at the field", () => {
    expect(checkPublishDraft({ ...draft, title: "   ", description: "" })).toEqual({
      problem: { title: "Title required", description: "Please enter a title for your story.", variant: "destructive" },
      field: "title",
      message: "Please enter a title for your story.",
    });
  });

  it("then for a description", () => {
    expect(checkPublishDraft({ ...draft, description: "  " })).toEqual({
      problem: {
        title: "Description required",
        description: "Please enter a description for your story.",
        variant: "destructive",
      },
      field: "description",
      message: "Please enter a description for your story.",
    });
  });

  it("sends trimmed text, the cover, the tags and the author's mature mark", () => {
    expect(checkPublishDraft({ ...draft, coverImage: "/api/images/3", markedMature: true })).toEqual({
      body: {
        title: "My Tale",
        description: "A story",
        coverImage: "/api/images/3",
        tags: ["Anime"],
        markedMature: true,
      },
    });
  });
});

describe("toggleTag", () => {
  it("adds, removes, and ignores a sixth", () => {
    const five = ["Anime", "Romance", "Action", "Adventure", "Sci-Fi"];
    expect(toggleTag(five.slice(0, 4), "Sci-Fi")).toEqual(five);
    expect(toggleTag(five, "Horror")).toEqual(five);
    expect(toggleTag(five, "Action")).toEqual(["Anime", "Romance", "Adventure", "Sci-Fi"]);
  });
});

describe("publishableTags", () => {
  it("keeps only the publish list's tags", () => {
    expect(publishableTags(["Anime", "Yandere", "Horror"])).toEqual(["Anime", "Horror"]);
    expect(publishableTags(undefined)).toEqual([]);
  });
});

describe("reopenDraft", () => {
  const story = { title: "Tale", description: "", coverImage: null, tags: [], markedMature: false };
  const typed = {
    title: "Tale",
    description: "Typed here",
    coverImage: "data:image/png;base64,x",
    tags: ["Drama"],
    markedMature: true,
  };

  it("keeps what was typed in the dialog when nothing changed elsewhere", () => {
    expect(reopenDraft(typed, story, { ...story, tags: [] })).toEqual(typed);
  });

  it("takes a field that changed elsewhere since the last opening", () => {
    const now = { ...story, title: "Tale Retitled", tags: ["Horror"] };
    expect(reopenDraft(typed, story, now)).toEqual({ ...typed, title: "Tale Retitled", tags: ["Horror"] });
  });
});
