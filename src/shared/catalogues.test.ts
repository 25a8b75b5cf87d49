import { describe, expect, it } from "vitest";
import {
  ALL_TAGS,
  ARCHETYPES,
  DEFAULT_MOODS,
  DETAILS_TAGS,
  FANDOMS,
  MOOD_SLIDERS,
  PUBLISH_TAGS,
  THEMES,
} from "./catalogues";
import { isNsfw } from "./nsfw";
import { isClientRoute } from "./routes";

describe("catalogues", () => {
  it("has the spec's mood sliders and defaults", () => {
    expect(DEFAULT_MOODS).toEqual({
      romance: 50,
      angst: 30,
      humor: 40,
      spice: 20,
      chaos: 25,
      adventure: 35,
      action: 40,
    });
    expect(MOOD_SLIDERS).toHaveLength(7);
  });

  it("has 8 themes with only nsfw premium", () => {
    expect(THEMES.map((t) => t.id)).toEqual([
      "enemies-to-lovers",
      "slow-burn",
      "friends-to-lovers",
      "adventure",
      "action",
      "alternate-universe",
      "from-scratch",
      "nsfw",
    ]);
    expect(THEMES.filter((t) => t.premium).map((t) => t.id)).toEqual(["nsfw"]);
  });

  it("has 11 archetypes, about 100 unique fandoms, 30 publish tags and 27 details tags", () => {
    expect(ARCHETYPES).toHaveLength(11);
    expect(ARCHETYPES).toContain("Tsundere (Hot-Cold)");
    expect(FANDOMS.length).toBeGreaterThanOrEqual(95);
    expect(new Set(FANDOMS).size).toBe(FANDOMS.length);
    expect(PUBLISH_TAGS).toHaveLength(30);
    expect(DETAILS_TAGS).toHaveLength(27);
    expect(new Set(ALL_TAGS).size).toBe(ALL_TAGS.length);
    expect(ALL_TAGS).toEqual(expect.arrayContaining([...PUBLISH_TAGS, ...DETAILS_TAGS]));
  });
});

describe("the NSFW rule", () => {
  it.each([
    [{ title: "A quiet story" }, false],
    [{ title: "NSFW: after hours" }, true],
    [{ description: "For a Mature audience" }, true],
    [{ description: "18+ only" }, true],
    [{ title: "Adult swim" }, true],
    [{ moods: ["romance", "nsfw"] }, true],
    [{ moods: '["extra-spice"]' }, true],
    [{ moods: ["spicy"] }, false],
    [{ moods: { romance: 90, spice: 20 } }, false],
    [{ moods: { romance: 10, spice: 80 } }, true],
    [{ moods: '{"spice": 51}' }, true],
    [{ moods: { nsfw: true } }, true],
  ])("%j → %s", (story, expected) => {
    expect(isNsfw(story)).toBe(expected);
  });
});

describe("client routes", () => {
  it.each([
    ["/", true],
    ["/auth", true],
    ["/dashboard/", true],
    ["/dashboard/story/12", true],
    ["/dashboard/story/12/read", true],
    ["/dashboard/story/12/edit", false],
    ["/dashboard/story/abc", false],
    ["/dashboard/discover", true],
    // The public story page is rendered by the server, not the client.
    ["/s/12-the-heir", false],
    ["/nope", false],
  ])("%s → %s", (path, expected) => {
    expect(isClientRoute(path)).toBe(expected);
  });
});
