// A username for a new Google account that meets the registration rules (3–15 of [A-Za-z0-9_]) and is free.
import { randomInt } from "node:crypto";
import { USERNAME_MAX, USERNAME_MIN } from "../../shared/limits";
import type { Db } from "../db/client";
import { isUsernameTaken } from "./find-user";

/** The readable base: the name (or the email's local part) reduced to allowed characters. */
export function usernameBase(name: string | undefined, email: string): string {
  const clean = (value: string) =>
    value
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .trim()
      .replace(/[\s.-]+/g, "_")
      .replace(/[^A-Za-z0-9_]/g, "")
      .replace(/_+/g, "_")
      .replace(/^_|_$/g, "");
  let base = clean(name ?? "");
  if (base.length < USERNAME_MIN) base = clean(email.split("@")[0] ?? "");
  if (base.length < USERNAME_MIN) base = `fan${base}`;
  return base.slice(0, USERNAME_MAX).replace(/_$/, "");
}

export async function deriveUsername(db: Db, name: string | undefined, email: string): Promise<string> {
  const base = usernameBase(name, email);
  if (!(await isUsernameTaken(db, base))) return base;
  for (let attempt = 0; attempt < 20; attempt++) {
    // Room for "_" and up to 6 digits, growing with each attempt so a crowded name still finds a gap.
    const digits = String(randomInt(10 ** Math.min(6, 2 + Math.floor(attempt / 4))));
    const candidate = `${base.slice(0, USERNAME_MAX - digits.length - 1)}_${digits}`;
    if (!(await isUsernameTaken(db, candidate))) return candidate;
  }
  throw new Error(`no free username found for "${base}"`);
}
