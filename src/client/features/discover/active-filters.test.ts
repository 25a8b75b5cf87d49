import { describe, expect, it } from "vitest";
import { activeFilters, chipFilter, chipHref, narrowingFilters } from "./active-filters";
import { DEFAULT_FILTERS, parseFilters } from "./filters";

describe("Discover's active filters", () => {
  it("one removable chip per filter in force; the count leaves out the search, the order and NSFW", () => {
    const filters = parseFilters(
      "?q=moon&tag=Adventure&exclude=Spiders&rating=teen&status=complete&minWords=1000&fandom=Stardew+Valley&sort=likes&nsfw=1",
    );
    const chips = activeFilters(filters);
    expect(chips.map((c) => c.label)).toEqual([
      "Adventure",
      "Without Spiders",
      "Teen",
      "Complete only",
      "At least 1000 words",
      "Stardew Valley",
    ]);
    expect(chips[0]?.remove).toEqual({ tags: [] });
    expect(activeFilters(DEFAULT_FILTERS)).toEqual([]);
    expect(narrowingFilters(filters)[0]).toEqual({ id: "q", label: "Search 'moon'", remove: { q: "" } });
  });

  it("a card's chip links to Discover filtered by it alone", () => {
    expect(chipHref({ kind: "tag", label: "Found Family", value: "Found Family" }, false)).toBe(
      "/dashboard/discover?tag=Found+Family",
    );
    expect(chipHref({ kind: "warning", label: "Major character death", value: "Major character death" }, true)).toBe(
      "/dashboard/discover?tag=Major+character+death&nsfw=1",
    );
    expect(chipFilter({ kind: "rating", label: "Teen", value: "teen" })).toEqual({ ratings: ["teen"] });
    expect(chipFilter({ kind: "fandom", label: "Stardew Valley", value: "Stardew Valley" })).toEqual({
      fandom: "Stardew Valley",
    });
    expect(chipFilter({ kind: "status", label: "Complete", value: "complete" })).toEqual({ status: "complete" });
  });
});
