// Discover with 3 included and 3 excluded free-form tags (issue 31's budget), twice over the same shapes: 'plain …'
// tags nobody wrangled (today's filter), and 'canon …' tags, each canonical with two synonyms that carry a third of its
// works, so the filter expands every tag into its group of three (tags/synonyms.ts).
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";

const LETTERS = ["a", "b", "c", "d", "e", "f"] as const;
/** Which stories carry each letter's tag: a, b, c are included (their intersection is ~1 in 30), d, e, f excluded. */
const SHARE: Record<(typeof LETTERS)[number], string> = {
  a: "id % 2 = 0",
  b: "id % 3 = 0",
  c: "id % 5 in (0, 1)",
  d: "id % 7 = 0",
  e: "id % 11 = 0",
  f: "id % 13 = 0",
};

const query = (prefix: string) =>
  [
    ...["a", "b", "c"].map((l) => `tag=${encodeURIComponent(`${prefix} ${l}`)}`),
    ...["d", "e", "f"].map((l) => `exclude=${encodeURIComponent(`${prefix} ${l}`)}`),
  ].join("&");

export const PLAIN_TAGS_QUERY = query("plain");
export const SYNONYM_TAGS_QUERY = query("canon");

/** Tags the seeded stories for both queries and wrangles the 'canon' ones (idempotent). */
export async function tagForSynonymBench(db: Db): Promise<void> {
  // NOTE: a tag on half the archive rewrites half the stories' tag_keys (the triggers of migration 0024): longer than
  // the app's statement timeout at 50,000 works.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    for (const letter of LETTERS) await tagLetter(tx, letter);
  });
}

async function tagLetter(db: Db, letter: (typeof LETTERS)[number]): Promise<void> {
  const plain = `plain ${letter}`;
  const canon = `canon ${letter}`;
  const synonyms = [`canon ${letter} alias`, `canon-${letter}`];
  const names = [plain, canon, ...synonyms];
  await db.execute(sql`insert into free_tags (key, name)
    select n, n from unnest(${sql.param(names)}::text[]) as n on conflict do nothing`);
  const share = sql.raw(SHARE[letter]);
  await db.execute(sql`insert into story_free_tags (story_id, kind, key, position)
    select id, 'freeform', ${plain}, 10 from stories where ${share} on conflict do nothing`);
  // The canonical tag's works, a third of them under each synonym instead.
  await db.execute(sql`insert into story_free_tags (story_id, kind, key, position)
    select id, 'freeform', case (id / 13) % 3 when 0 then ${canon} when 1 then ${synonyms[0]} else ${synonyms[1]} end, 11
    from stories where ${share} on conflict do nothing`);
  await db.execute(sql`update free_tags set canonical = true, kind = 'freeform', wrangled_at = now()
    where key = ${canon}`);
  await db.execute(sql`update free_tags set synonym_of = ${canon}, kind = 'freeform', wrangled_at = now()
    where key = any(${sql.param(synonyms)}::text[])`);
}
