import { describe, expect, it } from "vitest";
import { missingCharactersMessage, passwordStrength } from "./password-strength";
import { Password } from "./schemas/accounts";

describe("password strength meter", () => {
  it.each([
    ["", 0, "Weak", "red"],
    ["a", 0.2, "Weak", "red"],
    ["aA", 0.4, "Medium", "yellow"],
    ["aA1", 0.6, "Medium", "yellow"],
    // Four of five is 80%, but the rules refuse it: never 'Strong' until every check passes.
    ["aA1!", 0.8, "Medium", "yellow"],
    ["Aa1-aaaa", 0.8, "Medium", "yellow"],
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

describe("one rule set for the meter and the message", () => {
  it.each([
    ["Aa1-aaaa", "Password must contain at least one special character (@$!%*?&)"],
    ["aa1!aaaa", "Password must contain at least one uppercase letter"],
    ["AA1!AAAA", "Password must contain at least one lowercase letter"],
    ["Aa!aaaaa", "Password must contain at least one number"],
    ["aaaa1aaa", "Password must contain at least one uppercase letter and one special character (@$!%*?&)"],
    [
      "--------",
      "Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character (@$!%*?&)",
    ],
    ["Aa1!aaaa", null],
  ])("%j → %s", (password, message) => {
    expect(missingCharactersMessage(password)).toBe(message);
    const parsed = Password.safeParse(password);
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(message);
    // The meter says 'Strong' exactly when the schema accepts the password.
    expect(passwordStrength(password).label === "Strong").toBe(message === null);
  });
});
