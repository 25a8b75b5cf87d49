// Search that ranks (issue 28): the words of `q` against a weighted vector (title A, tags and fandoms B, all the
// text D) with ts_rank_cd, plus trigram similarity (pg_trgm) so a misspelt title, tag or author name still finds
// its story. Ranked over a bounded candidate set, each branch answered by its own index (migration 0023), then paged
// on (rank, id).
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { stories, users } from "../db/schema";

/** Search reads at most this many words of `q`. */
const QUERY_WORDS = 8;
/** At most this many candidates per branch are ranked (so a common word never ranks the whole catalogue). */
export const SEARCH_CANDIDATES = 300;

/** The words of `q`: letters and digits only, lower case, at most QUERY_WORDS. */
export function searchWords(q: string | undefined): string[] {
  return (
    (q ?? "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, QUERY_WORDS) ?? []
  );
}

/**
 * Search as you type: every word must match, the last one as a prefix. Words are letters and digits only, so the
 * text handed to to_tsquery has no operators of the user's. `weights` (e.g. "A") keeps only matches there.
 */
export function searchQuery(q: string | undefined, weights = ""): string | undefined {
  const words = searchWords(q);
  if (words.length === 0) return undefined;
  return words
    .map((w, i) => (i === words.length - 1 ? `${w}:*${weights}` : `${w}${weights ? `:${weights}` : ""}`))
    .join(" & ");
}

// NOTE: the stored vectors (migration 0027) and exactly the expressions of the trigram indexes.
const vector = sql`${stories.searchVector}`;
const head = sql`${stories.searchHead}`;
const title = sql`lower(${stories.title})`;
const tagText = sql`lower(coalesce(${stories.searchTags}, ''))`;

// NOTE: a story not yet rated by the backfill (search_text null, rate-stories.ts) is not searched, as before.
const rated = sql`${stories.searchText} is not null`;

/** Full-text match of `q` (every word, the last as a prefix), answered by stories_search_vector_idx. */
export function searchMatch(q: string | undefined): SQL | undefined {
  const tsquery = searchQuery(q);
  return tsquery ? sql`${vector} @@ to_tsquery('simple', ${tsquery}) and ${rated}` : undefined;
}

/** True when `q` has a word to search for. */
export const searchable = (q: string | undefined) => searchWords(q).length > 0;

/**
 * The ranked candidates of `q` as a subquery `sr(id, rank)`: title and tag matches (stories_search_head_idx) and
 * any text match (stories_search_vector_idx), each at most SEARCH_CANDIDATES, and misspelt titles, tags and author
 * names by trigram (word_similarity above pg_trgm.word_similarity_threshold, 0.6 by default). The rank: ts_rank_cd
 * over the weighted vector (a title word counts 10× a text word) plus the trigram similarity of the title, half that
 * of the tags and a third that of the author's name.
 * NOTE: the candidates are gathered once (materialized) and then ranked from the stored vectors: the planner cannot
 * guess how many a word finds, and guessing one it re-ran the whole gathering per row (decision 0072).
 */
export function rankedCandidates(q: string, { typos = true }: { typos?: boolean } = {}): SQL {
  const phrase = searchWords(q).join(" ");
  const all = sql`to_tsquery('simple', ${searchQuery(q)})`;
  const branch = (where: SQL) =>
    sql`(select ${stories.id} as id from ${stories} where ${stories.published} and ${where} limit ${SEARCH_CANDIDATES})`;
  const byAuthor = sql`(select ${stories.id} as id from ${users} join ${stories} on ${stories.authorId} = ${users.id}
    and ${stories.published} where ${phrase} <% lower(${users.username}) limit ${SEARCH_CANDIDATES})`;
  const rank = sql`(ts_rank_cd(${vector}, ${all}) + word_similarity(${phrase}, ${title})
    + 0.5 * word_similarity(${phrase}, ${tagText})
    + 0.3 * (select word_similarity(${phrase}, lower(${users.username})) from ${users} where ${users.id} = ${stories.authorId}))::float8`;
  const misspelt = typos
    ? sql`union ${branch(sql`${phrase} <% ${title}`)}
    union ${branch(sql`${phrase} <% ${tagText}`)}
    union ${byAuthor}`
    : sql``;
  return sql`(with found as materialized (
    ${branch(sql`${head} @@ ${all}`)}
    union ${branch(sql`${vector} @@ ${all}`)}
    ${misspelt}
  ) select ${stories.id} as id, ${rank} as rank from found join ${stories} on ${stories.id} = found.id where ${rated}) as sr`;
}

/** Misspellings are looked for only when the words themselves find fewer stories than this. */
export const TYPO_BELOW = 50;

/**
 * Whether `q`'s words find fewer than TYPO_BELOW stories as written (then misspellings are looked for too).
 * NOTE: the trigram branches read every title and tag list sharing a trigram with the words: 1–3.8 s for one
 * search at a million works (decision 0075), where the words alone answer from the vector index in milliseconds.
 * Asked once per search, whatever the page, so every page of one search ranks the same candidates.
 */
export async function wantsTypos(db: Db, q: string): Promise<boolean> {
  const tsquery = searchQuery(q);
  if (!tsquery) return false;
  const result = (await db.execute(sql`select count(*)::int as n from (select 1 from ${stories}
    where ${stories.published} and ${vector} @@ to_tsquery('simple', ${tsquery}) and ${rated}
    limit ${TYPO_BELOW}) found`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0) < TYPO_BELOW;
}

/** The ranked page's parts for discover.ts's selectPage: join the candidates, order by rank, after the cursor. */
export function rankedSearch(q: string, after: { r: number; i: number } | undefined, typos = true) {
  return {
    join: { table: rankedCandidates(q, { typos }), on: sql`sr.id = ${stories.id}`, kind: "inner" as const },
    score: sql<number>`sr.rank`,
    orderBy: [sql`sr.rank desc`, sql`${stories.id} desc`],
    after: after ? [sql`(sr.rank, ${stories.id}) < (${after.r}::float8, ${after.i})`] : [],
  };
}
