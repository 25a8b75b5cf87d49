import { describe, expect, it } from "vitest";
import { checkPublishDraft, publishableTags } from "./publish-form";
import { toggleTag } from "./TagPicker";

const draft = { title: " My Tale ", description: " A story ", coverImage: null, tags: ["Anime"] };

describe("checkPublishDraft", () => {
  it("asks for a title first, with SPEC.md's toast", () => {
    expect(checkPublishDraft({ ...draft, title: "   ", description: "" })).toEqual({
      problem: { title: "Title required", description: "Please enter a title for your story.", variant: "destructive" },
    });
  });

  it("then for a description", () => {
    expect(checkPublishDraft({ ...draft, description: "  " })).toEqual({
      problem: {
        title: "Description required",
        description: "Please enter a description for your story.",
        variant: "destructive",
      },
    });
  });

  it("sends trimmed text, the cover and the tags", () => {
    expect(checkPublishDraft({ ...draft, coverImage: "/api/images/3" })).toEqual({
      body: { title: "My Tale", description: "A story", coverImage: "/api/images/3", tags: ["Anime"] },
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
