// Search that ranks (issue 28): the words of `q` against a weighted vector (title A, tags and fandoms B, all the
// text D) with ts_rank_cd, and, when the words find few stories, each word or one of the closest words of
// search_words (pg_trgm) too, so a misspelt title word, tag or search word still finds its story; misspelt author
// names by trigram. Ranked over a bounded candidate set, each branch answered by its own index, then paged on
// (rank, id).
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { searchWords as vocabulary, stories, users } from "../db/schema";

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
 * Words so common in English that most of the archive holds them: when the query has another word they are left out
 * of the match (the ranking still reads every word), and one is never a prefix. As a prefix `the:*` is every word
 * that starts with it (them, there, theory, ...): 46,000 stories to gather for "brave the" at a million works, 55 of
 * the search's 77 ms.
 */
const COMMON_WORDS = new Set(
  (
    "a an and are as at be but by did do for from had has have he her him his i if in into is it its me my no not of " +
    "on or our s she so t than that the their them then there they this to too up us was we were what when where " +
    "which who will with you your"
  ).split(" "),
);
/** The last word is matched as a prefix only from this many letters (`dr:*` is most of the vocabulary). */
const PREFIX_FROM = 3;

/** The words the match asks for, each with whether it is matched as a prefix. */
function matchTerms(q: string | undefined): { word: string; prefix: boolean }[] {
  const words = searchWords(q);
  const last = words.length - 1;
  const terms = words.map((word, i) => ({
    word,
    prefix: i === last && word.length >= PREFIX_FROM && !COMMON_WORDS.has(word),
  }));
  const rare = terms.filter((t) => !COMMON_WORDS.has(t.word));
  return rare.length > 0 ? rare : terms;
}

/**
 * Search as you type: every word must match, the last one as a prefix (from three letters, and not a common word);
 * common words only when there is nothing else (COMMON_WORDS). Words are letters and digits only, so the text handed
 * to to_tsquery has no operators of the user's. `weights` (e.g. "A") keeps only matches there.
 */
export function searchQuery(q: string | undefined, weights = ""): string | undefined {
  const terms = matchTerms(q);
  if (terms.length === 0) return undefined;
  return terms
    .map(({ word, prefix }) => (prefix ? `${word}:*${weights}` : `${word}${weights ? `:${weights}` : ""}`))
    .join(" & ");
}

// NOTE: the stored vectors (migration 0027).
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
 * The ranked candidates as a subquery `sr(id, rank)`: the stories matching `tsquery` (searchQuery(q), or
 * typoQuery's corrected one) in their title or tags (stories_search_head_idx), then, only while those are fewer than
 * SEARCH_CANDIDATES, anywhere (stories_search_vector_idx), each at most SEARCH_CANDIDATES, and with `authors` the stories of authors whose name is like the words (trigrams,
 * word_similarity above pg_trgm.word_similarity_threshold, 0.6 by default). The rank: ts_rank_cd over the weighted
 * vector (a title word counts 10x a text word) plus the trigram similarity of the words to the title, half that to
 * the tags and a third that to the author's name.
 * NOTE: the candidates are gathered once and ranked once (both materialized), from the stored vectors: the planner
 * cannot guess how many a word finds, and guessing one it re-ran the whole gathering per row (decision 0072), or,
 * with the page's filters answered first, the ranking of every candidate per filtered row (2.7 s at a million works).
 * When the title and tag matches fill the candidates, the text is not searched: a text word weighs a tenth of a
 * title word, and the text's bitmap was half of a common word's time (73 of 136 ms at a million works). Which 300 of
 * a common word's text matches were ranked was arbitrary before too (the first found).
 */
export function rankedCandidates(
  q: string,
  tsquery: string,
  { authors, filters = [] }: { authors: boolean; filters?: SQL[] },
): SQL {
  const phrase = searchWords(q).join(" ");
  const all = sql`to_tsquery('simple', ${tsquery})`;
  // NOTE: the page's filters (tags, rating, status, words, blocks) inside each branch: applied only after the
  // candidates were chosen, they left a filtered search with nothing whenever its matches were not among the first
  // SEARCH_CANDIDATES of the words alone (most filtered searches at a million works).
  const filtered = filters.length === 0 ? sql`` : sql` and ${sql.join(filters, sql` and `)}`;
  const branch = (where: SQL) =>
    sql`(select ${stories.id} as id from ${stories} where ${stories.published} and ${where}${filtered} limit ${SEARCH_CANDIDATES})`;
  // Issue 33: an anonymous work is never found, nor ranked, by its creator's name.
  const byAuthor = sql`union (select ${stories.id} as id from ${users} join ${stories} on ${stories.authorId} = ${users.id}
    and ${stories.published} and not ${stories.anonymous} where ${phrase} <% lower(${users.username})${filtered} limit ${SEARCH_CANDIDATES})`;
  const rank = sql`(ts_rank_cd(${vector}, ${all}) + word_similarity(${phrase}, ${title})
    + 0.5 * word_similarity(${phrase}, ${tagText})
    + 0.3 * coalesce((select word_similarity(${phrase}, lower(${users.username})) from ${users}
      where ${users.id} = ${stories.authorId} and not ${stories.anonymous}), 0))::float8`;
  return sql`(with in_head as materialized ${branch(sql`${head} @@ ${all}`)},
  found as materialized (
    select id from in_head
    union ${branch(sql`(select count(*) from in_head) < ${SEARCH_CANDIDATES} and ${vector} @@ ${all}`)}
    ${authors ? byAuthor : sql``}
  ), ranked as materialized (
    select ${stories.id} as id, ${rank} as rank from found join ${stories} on ${stories.id} = found.id where ${rated}
  ) select id, rank from ranked) as sr`;
}

/** Misspellings are looked for only when the words themselves find fewer stories than this. */
export const TYPO_BELOW = 50;
/** Each word of three letters or more is widened by at most this many of its closest words of search_words. */
const CORRECTIONS = 3;

/**
 * The closest words of search_words to each of `words` (trigram similarity above pg_trgm.similarity_threshold, 0.3
 * by default), at most CORRECTIONS each: rows (n, correction), n the word's place from 1. Answered by
 * search_words_trgm_idx alone: the vocabulary, never the stories.
 */
export function correctionsQuery(words: readonly string[]): SQL {
  return sql`select q.n::int as n, c.word as correction
    from unnest(${sql.param(words)}::text[]) with ordinality as q(word, n)
    cross join lateral (select v.word from ${vocabulary} v where v.word % q.word and v.word <> q.word
      order by similarity(v.word, q.word) desc, v.word limit ${sql.raw(String(CORRECTIONS))}) c
    where length(q.word) >= 3`;
}

/**
 * The tsquery ranked search matches when `q`'s words find fewer than TYPO_BELOW stories as written: each word, or
 * any of its corrections when it has three letters or more (`(lanturn | lantern) & crown:*`). Undefined when the
 * words find enough (then misspellings, author names included, are not looked for).
 * NOTE: the words alone answer from the vector index in milliseconds; the corrections come from a table of distinct
 * words (search_words), where trigrams over every title and tag list took 8-13 s for one misspelt word at a million
 * works. A word found as written is widened too: it may be the title that is misspelt. Asked once per search,
 * whatever the page, so every page of one search ranks the same candidates.
 */
export async function typoQuery(db: Db, q: string): Promise<string | undefined> {
  const tsquery = searchQuery(q);
  if (!tsquery) return undefined;
  const found = (await db.execute(sql`select count(*)::int as n from (select 1 from ${stories}
    where ${stories.published} and ${vector} @@ to_tsquery('simple', ${tsquery}) and ${rated}
    limit ${TYPO_BELOW}) found`)) as unknown as { rows: { n: number }[] };
  if (Number(found.rows[0]?.n ?? 0) >= TYPO_BELOW) return undefined;
  const terms = matchTerms(q);
  const result = (await db.execute(correctionsQuery(terms.map((t) => t.word)))) as unknown as {
    rows: { n: number; correction: string }[];
  };
  const alternatives = terms.map(({ word, prefix }) => [prefix ? `${word}:*` : word]);
  for (const { n, correction } of result.rows) {
    // NOTE: search_words holds words only (migration 0028); a lexeme with punctuation would reach to_tsquery as
    // operators, so none is ever handed to it.
    if (/^[\p{L}\p{N}]+$/u.test(correction)) alternatives[n - 1]?.push(correction);
  }
  return alternatives.map((a) => (a.length === 1 ? a[0] : `(${a.join(" | ")})`)).join(" & ");
}

/** The ranked page's parts for discover.ts's selectPage: join the candidates, order by rank, after the cursor. */
export function rankedSearch(
  q: string,
  after: { r: number; i: number } | undefined,
  corrected?: string,
  filters: SQL[] = [],
) {
  const table = rankedCandidates(q, corrected ?? searchQuery(q) ?? "", { authors: corrected !== undefined, filters });
  return {
    join: { table, on: sql`sr.id = ${stories.id}`, kind: "inner" as const },
    score: sql<number>`sr.rank`,
    orderBy: [sql`sr.rank desc`, sql`${stories.id} desc`],
    after: after ? [sql`(sr.rank, ${stories.id}) < (${after.r}::float8, ${after.i})`] : [],
  };
}
