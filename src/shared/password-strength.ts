// The one password rule set: the sign-up meter's checklist, its label and the schema's message all come from it, so
// the meter never calls a password 'Strong' that the rules refuse, and the message names only what is missing.
import { PASSWORD_MIN, STRENGTH_MEDIUM_BELOW, STRENGTH_WEAK_BELOW } from "./limits";

export const PASSWORD_SPECIALS = "@$!%*?&";
const SPECIAL = /[@$!%*?&]/;

/** The length check and the four kinds of character, each with the words the message uses when it is missing. */
export const STRENGTH_CHECKS = [
  { id: "length", label: "At least 8 characters", missing: "", test: (p: string) => p.length >= PASSWORD_MIN },
  {
    id: "lowercase",
    label: "One lowercase letter",
    missing: "one lowercase letter",
    test: (p: string) => /[a-z]/.test(p),
  },
  {
    id: "uppercase",
    label: "One uppercase letter",
    missing: "one uppercase letter",
    test: (p: string) => /[A-Z]/.test(p),
  },
  { id: "digit", label: "One number", missing: "one number", test: (p: string) => /\d/.test(p) },
  {
    id: "special",
    label: `One special character (${PASSWORD_SPECIALS})`,
    missing: `one special character (${PASSWORD_SPECIALS})`,
    test: (p: string) => SPECIAL.test(p),
  },
] as const;

export type StrengthLabel = "Weak" | "Medium" | "Strong";
export interface Strength {
  score: number;
  label: StrengthLabel;
  color: "red" | "yellow" | "green";
  checks: { id: string; label: string; passed: boolean }[];
}

export function passwordStrength(password: string): Strength {
  const checks = STRENGTH_CHECKS.map((c) => ({ id: c.id, label: c.label, passed: c.test(password) }));
  const score = checks.filter((c) => c.passed).length / checks.length;
  if (score < STRENGTH_WEAK_BELOW) return { score, label: "Weak", color: "red", checks };
  // NOTE: 'Strong' only when every rule passes: four of five is 80%, and the rules refuse that password.
  if (score < STRENGTH_MEDIUM_BELOW || score < 1) return { score, label: "Medium", color: "yellow", checks };
  return { score, label: "Strong", color: "green", checks };
}

/**
 * The message for the kinds of character `password` lacks, or null when it has them all: every kind missing reads
 * 'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character
 * (@$!%*?&)'; one missing names that one alone.
 */
const MESSAGE_ORDER = ["uppercase", "lowercase", "digit", "special"] as const;

export function missingCharactersMessage(password: string): string | null {
  const missing = MESSAGE_ORDER.map((id) => STRENGTH_CHECKS.find((c) => c.id === id)!)
    .filter((c) => !c.test(password))
    .map((c) => c.missing);
  if (missing.length === 0) return null;
  const list =
    missing.length === 1
      ? missing[0]
      : missing.length === 2
        ? `${missing[0]} and ${missing[1]}`
        : `${missing.slice(0, -1).join(", ")}, and ${missing.at(-1)}`;
  return `Password must contain at least ${list}`;
}
