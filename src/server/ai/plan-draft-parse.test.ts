// A planning draft shaped into the board's levels from what real models write: numbered, bulleted, bold, labelled,
// or one paragraph where lines were asked for; within the board's limits.
import { describe, expect, it } from "vitest";
import { PLAN_LIMITS } from "../../shared/schemas/plan";
import { parsePlanDraft } from "./plan-draft-parse";

describe("parsePlanDraft", () => {
  it("reads synopses, outlines and beats however they are written", () => {
    expect(parsePlanDraft("synopsis", "Synopsis: Pip steals a map.\n\n\nRen follows.", null).synopsis).toBe(
      "Pip steals a map.\n\nRen follows.",
    );
    const outline = "Outline:\n1. **The Map**: Pip steals it.\n2) Chapter 2: The Chase\n- Harbour\n4. Extra";
    expect(parsePlanDraft("outline", outline, 3).chapters).toEqual(["The Map: Pip steals it.", "The Chase", "Harbour"]);
    expect(parsePlanDraft("beats", "Pip runs. Ren follows her! “Stop,” he says.", null).beats).toEqual([
      "Pip runs.",
      "Ren follows her!",
      "“Stop,” he says.",
    ]);
    const many = Array.from({ length: 60 }, (_, i) => `- beat ${i} ${"x".repeat(600)}`).join("\n");
    const beats = parsePlanDraft("beats", many, null).beats!;
    expect(beats).toHaveLength(PLAN_LIMITS.beatsPerChapter);
    expect(beats.every((b) => b.length <= PLAN_LIMITS.beatChars)).toBe(true);
    expect(parsePlanDraft("beats", "   ", null).beats).toEqual([]);
  });
});
