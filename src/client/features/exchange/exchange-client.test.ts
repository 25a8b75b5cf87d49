// The client-side logic of the exchange pages: datetime-local values to instants and back, the rules in words, and
// which defaulted assignment still needs a pinch hit.
import { describe, expect, it } from "vitest";
import type { MatchPairView } from "../../../shared/schemas/exchange";
import { fromLocalInput, toLocalInput } from "./datetime";
import { rulesText } from "./ExchangeSignupView";
import { needsPinchHit } from "./MatchingPanel";

const pair = (over: Partial<MatchPairView>): MatchPairView => ({
  id: 1,
  giver: "ann",
  recipient: "bo",
  overlap: 1,
  state: "sent",
  pinchHitFor: null,
  posted: false,
  ...over,
});

describe("exchange pages", () => {
  it("round-trips a datetime-local value and refuses a broken one", () => {
    const iso = new Date(2026, 11, 24, 18, 30).toISOString();
    expect(toLocalInput(iso)).toBe("2026-12-24T18:30");
    expect(fromLocalInput("2026-12-24T18:30")).toBe(iso);
    expect(fromLocalInput("")).toBeNull();
    expect(fromLocalInput("24/12/2026")).toBeNull();
    expect(toLocalInput(null)).toBe("");
  });

  it("says the rules in words", () => {
    const counts = { min: 1, max: 5 };
    const rules = {
      minFandomMatch: 1,
      minCharacterMatch: 2,
      minRelationshipMatch: 0,
      offers: counts,
      requests: counts,
    };
    expect(rulesText(rules)).toBe("A match needs at least 1 shared fandom and 2 shared characters.");
    expect(rulesText({ ...rules, minFandomMatch: 0, minCharacterMatch: 0 })).toBe("Any pair may match.");
  });

  it("offers a pinch hit only for a defaulted, unposted assignment nobody has taken over", () => {
    const defaulted = pair({ id: 1, state: "defaulted" });
    expect(needsPinchHit(defaulted, [defaulted])).toBe(true);
    expect(needsPinchHit(pair({ state: "sent" }), [])).toBe(false);
    const taken = pair({ id: 2, giver: "cy", pinchHitFor: 1 });
    expect(needsPinchHit(defaulted, [defaulted, taken])).toBe(false);
  });
});
