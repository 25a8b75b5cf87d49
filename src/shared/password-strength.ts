// The sign-up strength meter: five checks, score is the share passed.
import { PASSWORD_MIN, STRENGTH_MEDIUM_BELOW, STRENGTH_WEAK_BELOW } from "./limits";

export const STRENGTH_CHECKS = [
  { id: "length", label: "At least 8 characters", test: (p: string) => p.length >= PASSWORD_MIN },
  { id: "lowercase", label: "One lowercase letter", test: (p: string) => /[a-z]/.test(p) },
  { id: "uppercase", label: "One uppercase letter", test: (p: string) => /[A-Z]/.test(p) },
  { id: "digit", label: "One number", test: (p: string) => /\d/.test(p) },
  { id: "special", label: "One special character (@$!%*?&)", test: (p: string) => /[@$!%*?&]/.test(p) },
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
  if (score < STRENGTH_MEDIUM_BELOW) return { score, label: "Medium", color: "yellow", checks };
  return { score, label: "Strong", color: "green", checks };
}
