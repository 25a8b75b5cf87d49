import { describe, expect, it } from "vitest";
import { checkPublishDraft, publishableTags, reopenDraft } from "./publish-form";
import { toggleTag } from "./TagPicker";
import { EMPTY_TAGGING } from "../tags/TaggingFields";

const tagging = { ...EMPTY_TAGGING, rating: "teen" as const, relationships: ["Ilsa Varn/Pip Marlow"] };
const draft = {
  title: " My Tale ",
  description: " A story ",
  coverImage: null,
  tags: ["Anime"],
  markedMature: false,
  tagging,
  aiDeclaration: "none" as const,
  audience: "everyone" as const,
};

describe("checkPublishDraft", () => {
  it("asks for a title first, with the 'Title required' toast and the same text at the field", () => {
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

  it("sends trimmed text, the cover, the tags, the tagging fields, the mature mark, the AI declaration and audience", () => {
    expect(
      checkPublishDraft({
        ...draft,
        coverImage: "/api/images/3",
        markedMature: true,
        aiDeclaration: "assisted",
        audience: "members",
      }),
    ).toEqual({
      body: {
        title: "My Tale",
        description: "A story",
        coverImage: "/api/images/3",
        tags: ["Anime"],
        markedMature: true,
        ...tagging,
        aiDeclaration: "assisted",
        audience: "members",
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
  it("keeps only the one catalogue's tags (publish and details offer the same)", () => {
    expect(publishableTags(["Anime", "Yandere", "Not in it", "Horror"])).toEqual(["Anime", "Yandere", "Horror"]);
    expect(publishableTags(undefined)).toEqual([]);
  });
});

describe("reopenDraft", () => {
  const story = {
    title: "Tale",
    description: "",
    coverImage: null,
    tags: [],
    markedMature: false,
    tagging: EMPTY_TAGGING,
    aiDeclaration: "none" as const,
    audience: "everyone" as const,
  };
  const typed = {
    title: "Tale",
    description: "Typed here",
    coverImage: "data:image/png;base64,x",
    tags: ["Drama"],
    markedMature: true,
    tagging,
    aiDeclaration: "generated" as const,
    audience: "members" as const,
  };

  it("keeps what was typed in the dialog when nothing changed elsewhere", () => {
    expect(reopenDraft(typed, story, { ...story, tags: [] })).toEqual(typed);
  });

  it("takes a field that changed elsewhere since the last opening", () => {
    const now = { ...story, title: "Tale Retitled", tags: ["Horror"] };
    expect(reopenDraft(typed, story, now)).toEqual({ ...typed, title: "Tale Retitled", tags: ["Horror"] });
  });
});
