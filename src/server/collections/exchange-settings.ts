// A collection's gift exchange settings (issue 33 section 2): the maintainers set its sign-up window, due date,
// reveal and rules; anyone reads the summary, maintainers with the sign-up count.
import { and, count, eq } from "drizzle-orm";
import {
  EXCHANGE_NOT_FOUND,
  EXCHANGE_SENT_LOCK,
  type ExchangeRulesView,
  type ExchangeSettings,
  type ExchangeView,
} from "../../shared/schemas/exchange";
import type { Db } from "../db/client";
import { collections, exchangeSignups, giftExchanges } from "../db/schema";
import type { ExchangeRules } from "../db/schema/collections";
import { conflict, notFound } from "../errors";
import { type CollectionRow, maintainerRole } from "./access";

export type ExchangeRow = typeof giftExchanges.$inferSelect;

/** Rules as stored, with the defaults of rows written before a field existed. */
export function rulesOf(rules: ExchangeRules): ExchangeRulesView {
  return {
    minFandomMatch: rules.minFandomMatch ?? 1,
    minCharacterMatch: rules.minCharacterMatch ?? 0,
    minRelationshipMatch: rules.minRelationshipMatch ?? 0,
    offers: rules.offers ?? { min: 1, max: 5 },
    requests: rules.requests ?? { min: 1, max: 5 },
  };
}

export async function findExchange(db: Db, collectionId: number): Promise<ExchangeRow | undefined> {
  const [row] = await db.select().from(giftExchanges).where(eq(giftExchanges.collectionId, collectionId)).limit(1);
  return row;
}

export async function getExchangeOrThrow(db: Db, collectionId: number): Promise<ExchangeRow> {
  const row = await findExchange(db, collectionId);
  if (!row) throw notFound(EXCHANGE_NOT_FOUND);
  return row;
}

export const signupState = (exchange: ExchangeRow, now: Date): ExchangeView["signupState"] =>
  now < exchange.signupOpensAt ? "upcoming" : now < exchange.signupClosesAt ? "open" : "closed";

/**
 * Once assignments were sent, the sign-up window and the matching rules are what the pairs were made from: changing
 * them would contradict the assignments people hold. The due date and the reveal may still move (an extension; the
 * due reminder follows the new date).
 */
function contradictsSent(exchange: ExchangeRow, body: ExchangeSettings): boolean {
  // NOTE: to the minute, as the settings form writes times (datetime-local).
  const minute = (at: Date | string) => Math.floor(new Date(at).getTime() / 60_000);
  const same = (a: Date | string, b: Date | string) => minute(a) === minute(b);
  // NOTE: field by field: jsonb keeps an object's keys in its own order ({ max, min }).
  const [held, asked] = [rulesOf(exchange.rules), rulesOf(body.rules satisfies ExchangeRules)];
  const sameRules =
    held.minFandomMatch === asked.minFandomMatch &&
    held.minCharacterMatch === asked.minCharacterMatch &&
    held.minRelationshipMatch === asked.minRelationshipMatch &&
    (["offers", "requests"] as const).every(
      (side) => held[side].min === asked[side].min && held[side].max === asked[side].max,
    );
  return (
    !same(exchange.signupOpensAt, body.signupOpensAt) ||
    !same(exchange.signupClosesAt, body.signupClosesAt) ||
    !sameRules
  );
}

/** PUT …/exchange: creates or replaces the settings; `revealAt` (when given) is the collection's reveal time. */
export async function saveExchange(
  db: Db,
  collection: CollectionRow,
  body: ExchangeSettings,
  now: Date,
): Promise<void> {
  const values = {
    signupOpensAt: body.signupOpensAt,
    signupClosesAt: body.signupClosesAt,
    dueAt: body.dueAt,
    rules: body.rules satisfies ExchangeRules,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    const [held] = await tx
      .select()
      .from(giftExchanges)
      .where(eq(giftExchanges.collectionId, collection.id))
      .for("update");
    if (held?.matchingState === "sent" && contradictsSent(held, body)) throw conflict(EXCHANGE_SENT_LOCK);
    await tx
      .insert(giftExchanges)
      .values({ collectionId: collection.id, ...values, createdAt: now })
      .onConflictDoUpdate({ target: giftExchanges.collectionId, set: values });
    if (body.revealAt !== undefined) {
      await tx
        .update(collections)
        .set({ revealAt: body.revealAt, updatedAt: now })
        .where(eq(collections.id, collection.id));
    }
  });
}

export async function exchangeView(
  db: Db,
  collection: CollectionRow,
  viewerId: number | undefined,
  now: Date,
): Promise<ExchangeView> {
  const exchange = await getExchangeOrThrow(db, collection.id);
  const [[revealed], role, [mine]] = await Promise.all([
    db.select({ revealAt: collections.revealAt }).from(collections).where(eq(collections.id, collection.id)),
    maintainerRole(db, collection.id, viewerId),
    viewerId
      ? db
          .select({ id: exchangeSignups.id })
          .from(exchangeSignups)
          .where(and(eq(exchangeSignups.collectionId, collection.id), eq(exchangeSignups.userId, viewerId)))
      : Promise.resolve([]),
  ]);
  let signups: number | null = null;
  if (role) {
    const [row] = await db
      .select({ n: count() })
      .from(exchangeSignups)
      .where(eq(exchangeSignups.collectionId, collection.id));
    signups = Number(row?.n ?? 0);
  }
  return {
    collection: { name: collection.name, title: collection.title },
    signupOpensAt: exchange.signupOpensAt.toISOString(),
    signupClosesAt: exchange.signupClosesAt.toISOString(),
    dueAt: exchange.dueAt.toISOString(),
    revealAt: revealed?.revealAt?.toISOString() ?? null,
    rules: rulesOf(exchange.rules),
    signupState: signupState(exchange, now),
    matchingState: exchange.matchingState as ExchangeView["matchingState"],
    maintainer: role !== null,
    signedUp: mine !== undefined,
    signups,
  };
}
