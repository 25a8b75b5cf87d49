import { describe, expect, it } from "vitest";
import { addRecipient, giftFieldsBody, giftFieldsFrom, storyIdFrom } from "./gift-fields";

describe("gift fields", () => {
  it("reads a story id from an id, a public address, a chapter address or a reader address", () => {
    expect(storyIdFrom("42")).toBe(42);
    expect(storyIdFrom(" https://ficforge.example/s/42-the-copper-road ")).toBe(42);
    expect(storyIdFrom("/s/42-the-copper-road/3")).toBe(42);
    expect(storyIdFrom("/s/42")).toBe(42);
    expect(storyIdFrom("http://localhost:3000/dashboard/story/7/read")).toBe(7);
    expect(storyIdFrom("the copper road")).toBeUndefined();
    expect(storyIdFrom("0")).toBeUndefined();
    expect(storyIdFrom("/s/abc")).toBeUndefined();
  });

  it("adds a name once, in any case, without a leading @", () => {
    expect(addRecipient(["Alice"], "@bob ")).toEqual(["Alice", "bob"]);
    expect(addRecipient(["Alice"], "alice")).toEqual(["Alice"]);
    expect(addRecipient(["Alice"], "  ")).toEqual(["Alice"]);
  });

  it("sends only the fields that changed, links without the titles the form shows", () => {
    const before = giftFieldsFrom({
      giftedTo: ["Alice"],
      relatedWorks: [{ id: 3, storyId: 9, relation: "inspired-by", title: "Nine", approved: false }],
    });
    expect(giftFieldsBody(before, before)).toEqual({});
    expect(giftFieldsBody(before, { ...before, giftedTo: ["alice"] })).toEqual({});
    expect(giftFieldsBody(before, { ...before, giftedTo: [] })).toEqual({ giftedTo: [] });
    const more = {
      ...before,
      relatedWorks: [
        ...before.relatedWorks,
        {
          url: "https://example.org",
          title: "Out",
          author: "",
          relation: "translation-of" as const,
          language: "French",
        },
      ],
    };
    expect(giftFieldsBody(before, more)).toEqual({
      relatedWorks: [
        { storyId: 9, relation: "inspired-by" },
        { url: "https://example.org", title: "Out", author: "", relation: "translation-of", language: "French" },
      ],
    });
  });
});
