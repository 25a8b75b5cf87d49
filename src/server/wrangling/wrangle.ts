// Tag wrangling's commands (issue 31 section 4): make a tag a synonym of a canonical one, make a tag canonical, undo
// a synonym, set a character or relationship tag's fandom. Each runs in one transaction with the rows it reads
// locked (in key order, so two wranglers pointing two tags at each other cannot both win: the second sees a loop),
// and writes its audit entry in that transaction. Nothing here runs on its own: every change is a person's decision.
import { and, eq, inArray, sql } from "drizzle-orm";
import { FANDOMS } from "../../shared/catalogues";
import { chainMessage, kindMessage, WRANGLING_MESSAGES, type WrangledTag } from "../../shared/schemas/wrangling";
import { catalogueTag, type LabelKind, tagKey, warningTag } from "../../shared/tagging";
import type { Db } from "../db/client";
import { freeTags } from "../db/schema";
import { AppError, notFound } from "../errors";
import { appendAudit } from "../moderation/audit";

export interface Wrangler {
  id: number;
  username: string;
}

/** A free_tags row as the commands read it, with the kind it counts as. */
export interface TagRow {
  key: string;
  name: string;
  canonical: boolean;
  synonymOf: string | null;
  kind: LabelKind;
  fandom: string | null;
  wrangledAt: Date | null;
}

const invalid = (field: string, message: string) =>
  new AppError(400, "VALIDATION", message, { fields: { [field]: message } });

/**
 * A tag's kind: the one a wrangler fixed, else the kind most works use it as (story_free_tags.kind); a tie goes to
 * relationship, then character (the kinds that may carry a fandom), and a tag no work uses as a free-form tag (a
 * catalogue name) is freeform.
 */
export const tagKindSql = sql<LabelKind>`coalesce("free_tags"."kind", (
  select u.kind from story_free_tags u where u.key = "free_tags"."key" group by u.kind
  order by count(*) desc, case u.kind when 'relationship' then 0 when 'character' then 1 else 2 end limit 1
), 'freeform')`;

const tagColumns = {
  key: freeTags.key,
  name: freeTags.name,
  canonical: freeTags.canonical,
  synonymOf: freeTags.synonymOf,
  kind: tagKindSql,
  fandom: freeTags.fandom,
  wrangledAt: freeTags.wrangledAt,
};

/** The rows of these keys, locked for the transaction, in key order. */
async function lockTags(tx: Db, keys: string[]): Promise<Map<string, TagRow>> {
  const rows = await tx
    .select(tagColumns)
    .from(freeTags)
    .where(inArray(freeTags.key, [...new Set(keys)].sort()))
    .orderBy(sql`${freeTags.key} collate "C"`)
    .for("update", { of: freeTags });
  return new Map(rows.map((r) => [r.key, r]));
}

async function nameOf(tx: Db, key: string | null): Promise<string | null> {
  if (key === null) return null;
  const [row] = await tx.select({ name: freeTags.name }).from(freeTags).where(eq(freeTags.key, key));
  return row?.name ?? null;
}

export async function presentTag(tx: Db, key: string): Promise<WrangledTag> {
  const [row] = await tx.select(tagColumns).from(freeTags).where(eq(freeTags.key, key));
  if (!row) throw notFound(WRANGLING_MESSAGES.unknownTag);
  return {
    name: row.name,
    kind: row.kind,
    canonical: row.canonical,
    synonymOf: await nameOf(tx, row.synonymOf),
    fandom: row.fandom,
    wrangledAt: row.wrangledAt?.toISOString() ?? null,
  };
}

const audit = (tx: Db, who: Wrangler, action: string, key: string, details: Record<string, unknown>, at: Date) =>
  appendAudit(tx, {
    actorId: who.id,
    actorName: who.username,
    action,
    targetType: "tag",
    targetId: key,
    targetUserId: null,
    reason: "Tag wrangling",
    details,
    at,
  });

const wrangled = (who: Wrangler, at: Date, kind: LabelKind) => ({ wrangledAt: at, wrangledBy: who.id, kind });

/**
 * `name` becomes a synonym of `of`. The target becomes canonical if it was not; the tag's own synonyms move to the
 * target (synonyms never chain). Refused: the same tag, a target that is itself a synonym (a loop when it is this
 * tag's), tags of different kinds, and catalogue tags or warnings as the synonym.
 */
export async function makeSynonym(db: Db, who: Wrangler, name: string, of: string, at: Date): Promise<WrangledTag> {
  const key = tagKey(name);
  const target = tagKey(of);
  return db.transaction(async (tx) => {
    const rows = await lockTags(tx, [key, target]);
    const tag = rows.get(key);
    if (!tag) throw notFound(WRANGLING_MESSAGES.unknownTag);
    const canonical = rows.get(target);
    if (!canonical) throw invalid("of", WRANGLING_MESSAGES.unknownTag);
    if (key === target) throw invalid("of", WRANGLING_MESSAGES.self);
    if (catalogueTag(key) || warningTag(key)) throw invalid("of", WRANGLING_MESSAGES.catalogue);
    if (canonical.synonymOf === key) throw invalid("of", WRANGLING_MESSAGES.loop);
    if (canonical.synonymOf !== null) {
      throw invalid("of", chainMessage((await nameOf(tx, canonical.synonymOf)) ?? canonical.synonymOf));
    }
    if (tag.kind !== canonical.kind) throw invalid("of", kindMessage(tag.kind, canonical.kind));
    if (tag.synonymOf === target) return presentTag(tx, key);
    if (!canonical.canonical || canonical.wrangledAt === null) {
      await tx
        .update(freeTags)
        .set({ canonical: true, ...wrangled(who, at, canonical.kind) })
        .where(eq(freeTags.key, target));
    }
    const moved = await tx
      .update(freeTags)
      .set({ synonymOf: target, wrangledAt: at, wrangledBy: who.id })
      .where(eq(freeTags.synonymOf, key))
      .returning({ key: freeTags.key });
    await tx
      .update(freeTags)
      .set({ canonical: false, synonymOf: target, ...wrangled(who, at, tag.kind) })
      .where(eq(freeTags.key, key));
    await audit(
      tx,
      who,
      "tag-synonym",
      key,
      {
        of: canonical.name,
        previously: tag.synonymOf ?? (tag.canonical ? "canonical" : null),
        targetMadeCanonical: !canonical.canonical,
        movedSynonyms: moved.map((m) => m.key).sort(),
      },
      at,
    );
    return presentTag(tx, key);
  });
}

/** `name` becomes canonical (a synonym stops being one first). */
export async function makeCanonical(db: Db, who: Wrangler, name: string, at: Date): Promise<WrangledTag> {
  const key = tagKey(name);
  return db.transaction(async (tx) => {
    const tag = (await lockTags(tx, [key])).get(key);
    if (!tag) throw notFound(WRANGLING_MESSAGES.unknownTag);
    if (tag.canonical && tag.wrangledAt !== null) return presentTag(tx, key);
    await tx
      .update(freeTags)
      .set({ canonical: true, synonymOf: null, ...wrangled(who, at, tag.kind) })
      .where(eq(freeTags.key, key));
    await audit(tx, who, "tag-canonical", key, { previously: tag.synonymOf }, at);
    return presentTag(tx, key);
  });
}

/** `name` stops being a synonym: it filters on its own again (a decision too, so it stays out of the queue). */
export async function undoSynonym(db: Db, who: Wrangler, name: string, at: Date): Promise<WrangledTag> {
  const key = tagKey(name);
  return db.transaction(async (tx) => {
    const tag = (await lockTags(tx, [key])).get(key);
    if (!tag) throw notFound(WRANGLING_MESSAGES.unknownTag);
    if (tag.synonymOf === null) return presentTag(tx, key);
    await tx
      .update(freeTags)
      .set({ synonymOf: null, ...wrangled(who, at, tag.kind) })
      .where(eq(freeTags.key, key));
    await audit(tx, who, "tag-unsynonym", key, { was: await nameOf(tx, tag.synonymOf) }, at);
    return presentTag(tx, key);
  });
}

/** A character or relationship tag's fandom (a catalogue fandom, or null to take it off). */
export async function setTagFandom(
  db: Db,
  who: Wrangler,
  name: string,
  fandom: string | null,
  at: Date,
): Promise<WrangledTag> {
  const key = tagKey(name);
  if (fandom !== null && !(FANDOMS as readonly string[]).includes(fandom)) {
    throw invalid("fandom", WRANGLING_MESSAGES.fandom);
  }
  return db.transaction(async (tx) => {
    const tag = (await lockTags(tx, [key])).get(key);
    if (!tag) throw notFound(WRANGLING_MESSAGES.unknownTag);
    if (tag.kind === "freeform") throw invalid("fandom", WRANGLING_MESSAGES.fandomKind);
    if (tag.fandom === fandom && tag.wrangledAt !== null) return presentTag(tx, key);
    await tx
      .update(freeTags)
      .set({ fandom, ...wrangled(who, at, tag.kind) })
      .where(and(eq(freeTags.key, key)));
    await audit(tx, who, "tag-fandom", key, { from: tag.fandom, to: fandom }, at);
    return presentTag(tx, key);
  });
}
