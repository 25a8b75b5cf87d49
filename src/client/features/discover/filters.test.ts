// The browse page's URL state: what a shared link or the back button restores.
import { describe, expect, it } from "vitest";
import { TAG_LIMITS } from "../../../shared/tagging";
import { DEFAULT_FILTERS, filtersToParams, filtersToSearch, hasNarrowingFilters, parseFilters } from "./filters";

describe("browse filters in the URL", () => {
  it("round-trips every filter", () => {
    const filters = {
      ...DEFAULT_FILTERS,
      q: "dragon rider",
      tags: ["Romance", "Ilsa Varn/Pip Marlow"],
      exclude: ["Major Character Death"],
      ratings: ["general" as const, "teen" as const],
      status: "complete" as const,
      minWords: 1000,
      maxWords: 50000,
      fandom: "Star Wars",
      sort: "likes" as const,
      nsfw: true,
    };
    const search = filtersToSearch(filters);
    expect(search).toBe(
      "?q=dragon+rider&tag=Romance&tag=Ilsa+Varn%2FPip+Marlow&exclude=Major+Character+Death&rating=general&rating=teen" +
        "&status=complete&minWords=1000&maxWords=50000&fandom=Star+Wars&sort=likes&nsfw=1",
    );
    expect(parseFilters(search)).toEqual(filters);
  });

  it("leaves defaults out of the URL", () => {
    expect(filtersToSearch(DEFAULT_FILTERS)).toBe("");
    expect(filtersToSearch({ ...DEFAULT_FILTERS, q: "   " })).toBe("");
    expect(parseFilters("")).toEqual(DEFAULT_FILTERS);
  });

  it("drops what it does not know instead of failing", () => {
    expect(parseFilters("?tag=%01&tag=%20&rating=adult&status=done&minWords=-3&sort=oldest&nsfw=yes")).toEqual(
      DEFAULT_FILTERS,
    );
    expect(parseFilters("?tag=Angst&tag=ANGST").tags).toEqual(["Angst"]);
    expect(parseFilters("?sort=for-you").sort).toBe("for-you");
    expect(parseFilters(`?q=${"a".repeat(300)}`).q).toHaveLength(200);
  });

  it("turns filters into API parameters, the NSFW one only as the gate allows", () => {
    const filters = { ...DEFAULT_FILTERS, q: " elves ", fandom: "Star Wars", nsfw: true, minWords: 900, maxWords: 10 };
    expect(filtersToParams(filters, undefined, 24)).toEqual({
      limit: 24,
      q: "elves",
      tag: [],
      exclude: [],
      rating: [],
      status: undefined,
      minWords: 10,
      maxWords: 900,
      fandom: "Star Wars",
      sort: "new",
      nsfw: undefined,
      language: [],
      crossover: undefined,
    });
    expect(filtersToParams(filters, "1", 24).nsfw).toBe("1");
  });

  it("folds in the reader's languages and 'Always exclude' unless the URL says otherwise (issue 31)", () => {
    const reader = {
      languages: ["fr", "en"],
      always: { exclude: ["Major character death", "Spiders"], crossover: true },
    };
    const own = filtersToParams({ ...DEFAULT_FILTERS, exclude: ["spiders"] }, undefined, 24, reader);
    expect(own).toMatchObject({
      language: ["en", "fr"],
      exclude: ["spiders", "Major character death"],
      crossover: "exclude",
    });
    const url = parseFilters("?language=de&crossover=only&always=off");
    expect(filtersToParams(url, undefined, 24, reader)).toMatchObject({
      language: ["de"],
      exclude: [],
      crossover: "only",
    });
    expect(filtersToParams(parseFilters("?language=all&language=fr"), undefined, 24, reader).language).toEqual([]);
    expect(parseFilters("?language=xx&language=fr&language=fr&crossover=maybe")).toMatchObject({
      languages: ["fr"],
      crossover: null,
      always: true,
    });
    expect(filtersToSearch(url)).toBe("?language=de&crossover=only&always=off");
    // At most the API's number of excluded tags: the URL's first.
    const most = Array.from({ length: TAG_LIMITS.maxFilterTags }, (_, i) => `Tag ${i}`);
    expect(filtersToParams({ ...DEFAULT_FILTERS, exclude: most }, undefined, 24, reader).exclude).toEqual(most);
  });

  it("knows when the list is narrowed (an empty list then means no matches)", () => {
    expect(hasNarrowingFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasNarrowingFilters({ ...DEFAULT_FILTERS, sort: "featured", nsfw: true })).toBe(false);
    expect(hasNarrowingFilters({ ...DEFAULT_FILTERS, tags: ["Anime"] })).toBe(true);
    expect(hasNarrowingFilters({ ...DEFAULT_FILTERS, exclude: ["Anime"] })).toBe(true);
  });
});
