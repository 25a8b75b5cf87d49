import { describe, expect, it } from "vitest";
import { passwordStrength } from "./password-strength";

describe("password strength meter", () => {
  it.each([
    ["", 0, "Weak", "red"],
    ["a", 0.2, "Weak", "red"],
    ["aA", 0.4, "Medium", "yellow"],
    ["aA1", 0.6, "Medium", "yellow"],
    ["aA1!", 0.8, "Strong", "green"],
    ["aA1!aaaa", 1, "Strong", "green"],
    ["aaaaaaaa", 0.4, "Medium", "yellow"],
  ])("%j scores %d (%s, %s)", (password, score, label, color) => {
    const strength = passwordStrength(password);
    expect(strength.score).toBeCloseTo(score);
    expect(strength.label).toBe(label);
    expect(strength.color).toBe(color);
  });

  it("reports each of the five checks", () => {
    const { checks } = passwordStrength("abcdefgH");
    expect(checks.map((c) => [c.id, c.passed])).toEqual([
      ["length", true],
      ["lowercase", true],
      ["uppercase", true],
      ["digit", false],
      ["special", false],
    ]);
  });
});
