// The browse page's URL state: what a shared link or the back button restores.
import { describe, expect, it } from "vitest";
import { DEFAULT_FILTERS, filtersToParams, filtersToSearch, hasNarrowingFilters, parseFilters } from "./filters";

describe("browse filters in the URL", () => {
  it("round-trips every filter", () => {
    const filters = { q: "dragon rider", tag: "Romance", fandom: "Star Wars", sort: "featured" as const, nsfw: true };
    const search = filtersToSearch(filters);
    expect(search).toBe("?q=dragon+rider&tag=Romance&fandom=Star+Wars&sort=featured&nsfw=1");
    expect(parseFilters(search)).toEqual(filters);
  });

  it("leaves defaults out of the URL", () => {
    expect(filtersToSearch(DEFAULT_FILTERS)).toBe("");
    expect(filtersToSearch({ ...DEFAULT_FILTERS, q: "   " })).toBe("");
    expect(parseFilters("")).toEqual(DEFAULT_FILTERS);
  });

  it("drops what it does not know instead of failing", () => {
    expect(parseFilters("?tag=NotATag&sort=oldest&nsfw=yes")).toEqual(DEFAULT_FILTERS);
    expect(parseFilters("?sort=for-you").sort).toBe("for-you");
    expect(parseFilters(`?q=${"a".repeat(300)}`).q).toHaveLength(200);
  });

  it("turns filters into API parameters, the NSFW one only as the gate allows", () => {
    const filters = { ...DEFAULT_FILTERS, q: " elves ", fandom: "Star Wars", nsfw: true };
    expect(filtersToParams(filters, undefined, 24)).toEqual({
      limit: 24,
      q: "elves",
      tag: undefined,
      fandom: "Star Wars",
      sort: "new",
      nsfw: undefined,
    });
    expect(filtersToParams(filters, "1", 24).nsfw).toBe("1");
  });

  it("knows when the list is narrowed (an empty list then means no matches)", () => {
    expect(hasNarrowingFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasNarrowingFilters({ ...DEFAULT_FILTERS, sort: "featured", nsfw: true })).toBe(false);
    expect(hasNarrowingFilters({ ...DEFAULT_FILTERS, tag: "Anime" })).toBe(true);
  });
});
