// Gift exchange sign-ups (issue 33 section 2): what a participant offers to write and would like to receive. Fandoms
// come from the fandom catalogue; characters and relationships from the tag catalogue (free_tags, a synonym standing
// for its canonical tag, a tag wrangled as another kind refused), each list within the exchange's counts. Sign-ups
// are taken, edited and withdrawn only while the window is open.
import { and, asc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { FANDOMS } from "../../shared/catalogues";
import {
  type Choices,
  countOutOfRange,
  type ExchangeChoicesBody,
  SIGNUP_EXISTS,
  SIGNUP_NOT_FOUND,
  type SignupBody,
  SIGNUPS_CLOSED,
  SIGNUPS_NOT_OPEN,
  type SignupView,
  unknownTags,
} from "../../shared/schemas/exchange";
import { tagKey } from "../../shared/tagging";
import type { Db } from "../db/client";
import { exchangeSignups, freeTags, users } from "../db/schema";
import { AppError, conflict, notFound } from "../errors";
import type { CollectionRow } from "./access";
import { type ExchangeRow, getExchangeOrThrow, rulesOf } from "./exchange-settings";

const FANDOM_BY_KEY = new Map<string, string>(FANDOMS.map((f) => [tagKey(f), f]));
const invalid = (field: string, message: string) =>
  new AppError(400, "VALIDATION", message, { fields: { [field]: message } });

/** The canonical names of `names` of one kind; 400 naming every one the catalogue does not hold. */
async function resolveTags(db: Db, names: readonly string[], kind: "character" | "relationship"): Promise<string[]> {
  if (names.length === 0) return [];
  const keys = [...new Set(names.map(tagKey))];
  const canonical = alias(freeTags, "canonical");
  const rows = await db
    .select({ key: freeTags.key, name: freeTags.name, kind: freeTags.kind, canonicalName: canonical.name })
    .from(freeTags)
    .leftJoin(canonical, eq(canonical.key, freeTags.synonymOf))
    .where(inArray(freeTags.key, keys));
  const byKey = new Map(rows.filter((r) => r.kind === null || r.kind === kind).map((r) => [r.key, r]));
  const missing = names.filter((n) => !byKey.has(tagKey(n)));
  if (missing.length > 0) throw invalid(`${kind}s`, unknownTags(`${kind}s`, missing));
  return [...new Set(keys.map((k) => byKey.get(k)!.canonicalName ?? byKey.get(k)!.name))];
}

function resolveFandoms(names: readonly string[]): string[] {
  const missing = names.filter((n) => !FANDOM_BY_KEY.has(tagKey(n)));
  if (missing.length > 0) throw invalid("fandoms", unknownTags("fandoms", missing));
  return [...new Set(names.map((n) => FANDOM_BY_KEY.get(tagKey(n))!))];
}

/**
 * One side of a sign-up, resolved and checked against the rules: fandoms within the side's counts; characters and
 * relationships at most the side's maximum and at least what matching requires to share (else no pair could match).
 */
async function resolveSide(
  db: Db,
  side: "Offers" | "Requests",
  body: ExchangeChoicesBody,
  exchange: ExchangeRow,
): Promise<Choices> {
  const rules = rulesOf(exchange.rules);
  const counts = side === "Offers" ? rules.offers : rules.requests;
  const choices: Choices = {
    fandoms: resolveFandoms(body.fandoms),
    characters: await resolveTags(db, body.characters, "character"),
    relationships: await resolveTags(db, body.relationships, "relationship"),
  };
  const limits: [keyof Choices, number][] = [
    ["fandoms", counts.min],
    ["characters", Math.min(rules.minCharacterMatch, counts.max)],
    ["relationships", Math.min(rules.minRelationshipMatch, counts.max)],
  ];
  for (const [kind, min] of limits) {
    const n = choices[kind].length;
    if (n < min || n > counts.max) throw invalid(side.toLowerCase(), countOutOfRange(side, kind, min, counts.max));
  }
  return choices;
}

function requireOpen(exchange: ExchangeRow, now: Date): void {
  if (now < exchange.signupOpensAt) throw conflict(SIGNUPS_NOT_OPEN);
  if (now >= exchange.signupClosesAt) throw conflict(SIGNUPS_CLOSED);
}

/** POST (create) or PUT (edit) …/signups for the viewer. */
export async function saveSignup(
  db: Db,
  collection: CollectionRow,
  userId: number,
  body: SignupBody,
  now: Date,
  mode: "create" | "edit",
): Promise<SignupView> {
  const exchange = await getExchangeOrThrow(db, collection.id);
  requireOpen(exchange, now);
  const offers = await resolveSide(db, "Offers", body.offers, exchange);
  const requests = await resolveSide(db, "Requests", body.requests, exchange);
  const values = { offers, requests, prompt: body.prompt, pinchHitter: body.pinchHitter, updatedAt: now };
  if (mode === "create") {
    const inserted = await db
      .insert(exchangeSignups)
      .values({ collectionId: collection.id, userId, ...values, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: exchangeSignups.id });
    if (inserted.length === 0) throw conflict(SIGNUP_EXISTS);
  } else {
    const updated = await db
      .update(exchangeSignups)
      .set(values)
      .where(and(eq(exchangeSignups.collectionId, collection.id), eq(exchangeSignups.userId, userId)))
      .returning({ id: exchangeSignups.id });
    if (updated.length === 0) throw notFound(SIGNUP_NOT_FOUND);
  }
  const [mine] = await listSignups(db, collection.id, userId);
  return mine!;
}

/** DELETE …/signups/me: withdraws before the close. */
export async function withdrawSignup(db: Db, collection: CollectionRow, userId: number, now: Date): Promise<void> {
  requireOpen(await getExchangeOrThrow(db, collection.id), now);
  const gone = await db
    .delete(exchangeSignups)
    .where(and(eq(exchangeSignups.collectionId, collection.id), eq(exchangeSignups.userId, userId)))
    .returning({ id: exchangeSignups.id });
  if (gone.length === 0) throw notFound(SIGNUP_NOT_FOUND);
}

/** Every sign-up (maintainers), or the one of `userId`. */
export async function listSignups(db: Db, collectionId: number, userId?: number): Promise<SignupView[]> {
  const rows = await db
    .select({
      username: users.username,
      offers: exchangeSignups.offers,
      requests: exchangeSignups.requests,
      prompt: exchangeSignups.prompt,
      pinchHitter: exchangeSignups.pinchHitter,
      updatedAt: exchangeSignups.updatedAt,
    })
    .from(exchangeSignups)
    .innerJoin(users, eq(users.id, exchangeSignups.userId))
    .where(and(eq(exchangeSignups.collectionId, collectionId), userId ? eq(exchangeSignups.userId, userId) : undefined))
    .orderBy(asc(exchangeSignups.createdAt), asc(exchangeSignups.id));
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}
