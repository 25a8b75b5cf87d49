// The lists a reader opens, as the browser asks for them (features/discover/filters.ts filtersToParams, the
// dashboard's tabs, the reader's comments, the Following page), each request with other parameters so that no
// cache answers it: tags drawn from the catalogue's real distribution, word bounds, search words, keyset cursors.
import { WORDS_BOUND } from "../../src/shared/schemas/reading";
import { encodeCursor } from "../../src/server/reading/discover-cursor";
import { markUnits } from "../../src/server/reading/featured-score";
import type { Random } from "./random";
import type { ListTargets, WorkSample } from "./list-targets";

export interface ListCase {
  name: string;
  /** Signed in as the reader following 500 authors, or as the reader with the most likes (For You). */
  as?: "follower" | "liker";
  /**
   * A page the read cache keeps whatever the parameters (tag and author pages): the bench tells the app, as another
   * instance would, that Discover changed before each request, so each one is built again.
   */
  cachedPage?: boolean;
  /** Measured from the read cache, but its plan is the query's: the cache is dropped before the explained request. */
  explainUncached?: boolean;
  path(r: Random, t: ListTargets): string;
  /** How many items the answer lists. */
  rows(body: string): number;
}

const DAY = 86_400_000;
// The ratings a signed-out reader may ask for (mature and explicit are gated).
const OPEN_RATINGS = ["not-rated", "general", "teen"];
const BROWSE_PAGE = 24;

/** Running totals of the tags' weights, made once per list: drawing from 300,000 tags is then a binary search. */
const cumulative = new WeakMap<ListTargets["tags"], Float64Array>();
function runningTotals(tags: ListTargets["tags"]): Float64Array {
  let totals = cumulative.get(tags);
  if (!totals) {
    totals = new Float64Array(tags.length);
    let sum = 0;
    tags.forEach((t, i) => {
      sum += t.works;
      totals![i] = sum;
    });
    cumulative.set(tags, totals);
  }
  return totals;
}

/**
 * `n` distinct tags, each drawn with the weight of how many works carry it (a reader picks popular tags more), none of
 * `not`. NOTE: the draw costs a binary search, not a walk of the catalogue's tags: at a million works the walk cost
 * the bench's own process milliseconds a request on the cores the app and PostgreSQL were measured on.
 */
function weightedTags(r: Random, tags: ListTargets["tags"], n: number, not: readonly string[] = []): string[] {
  const totals = runningTotals(tags);
  const total = totals[totals.length - 1] ?? 0;
  const out: string[] = [];
  for (let tries = 0; out.length < n && tries < 100 && total > 0; tries++) {
    const at = r.next() * total;
    let lo = 0;
    let hi = totals.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (totals[mid]! > at) hi = mid;
      else lo = mid + 1;
    }
    const picked = tags[lo]!.name;
    if (!out.includes(picked) && !not.includes(picked)) out.push(picked);
  }
  return out;
}

/**
 * A browse page's query with every filter the issue names: 3 included and 3 excluded tags, rating, status and a word
 * range. Built around one real work (its tags, rating, status and length), so the combination exists: at least that
 * work answers, as when a reader narrows down to what they know is there.
 */
function filtered(r: Random, t: ListTargets, sort: string): { params: URLSearchParams; work: WorkSample } {
  const work = r.pick(t.samples);
  const params = new URLSearchParams({ limit: String(BROWSE_PAGE) });
  for (const tag of r.sample(work.tags, 3)) params.append("tag", tag);
  for (const tag of weightedTags(r, t.tags, 3, work.tags)) params.append("exclude", tag);
  const ratings = new Set([work.contentRating, r.pick(OPEN_RATINGS)]);
  for (const rating of ratings) params.append("rating", rating);
  params.set("status", work.status);
  const min = Math.max(0, work.words - r.int(0, 200) * 100);
  params.set("minWords", String(min));
  params.set("maxWords", String(Math.min(work.words + r.int(0, 200) * 100, WORDS_BOUND)));
  params.set("sort", sort);
  return { params, work };
}

const discover = (params: URLSearchParams) => `/api/published-stories?${params}`;

// Issue 31 (bench/discover-finding.ts): the filtered browse page of `filtered`, narrowed as a reader of two languages
// who keeps crossovers in or out: the work's own language and another, its own side of the crossover line.
const OTHER_LANGUAGES = ["fr", "de", "es", "ja", "ru", "pt"];
function finding(r: Random, t: ListTargets, sort: string): URLSearchParams {
  const { params, work } = filtered(r, t, sort);
  params.append("language", work.language);
  params.append("language", r.pick(OTHER_LANGUAGES.filter((l) => l !== work.language)));
  params.set("crossover", work.crossover ? "only" : "exclude");
  return params;
}

/** One fixed finding page (the first sample's), asked again and again: the read cache answers all but the first. */
const cachedFinding = new WeakMap<ListTargets, string>();
const jsonArray = (body: string) => (JSON.parse(body) as unknown[]).length;
const jsonItems = (body: string) => (JSON.parse(body) as { items: unknown[] }).items.length;
const works = (body: string) => body.split('<li class="work">').length - 1;

/** `n` words of a real work's title and description (three letters or more), so the search finds something. */
function searchWords(r: Random, work: WorkSample, n: number): string {
  const words = [...new Set(work.text.toLowerCase().match(/\p{L}{3,}/gu) ?? [])];
  return r.sample(words, n).join(" ");
}

function search(words: number): ListCase {
  return {
    name: `search-${words}w`,
    path: (r, t) => {
      const q = searchWords(r, r.pick(t.samples), words);
      // NOTE: a word minimum below any story's length keeps the cache keys of the same words apart.
      const minWords = String(r.int(0, 99));
      return discover(new URLSearchParams({ limit: String(BROWSE_PAGE), q, minWords, sort: "relevance" }));
    },
    rows: jsonArray,
  };
}

const BROWSE_SORTS = ["new", "featured", "updated", "likes", "bookmarks", "words"] as const;

export const LIST_CASES: ListCase[] = [
  ...BROWSE_SORTS.map(
    (sort): ListCase => ({
      name: `discover-${sort}`,
      path: (r, t) => discover(filtered(r, t, sort).params),
      rows: jsonArray,
    }),
  ),
  ...(["new", "featured"] as const).map(
    (sort): ListCase => ({
      name: `discover-${sort}-finding`,
      path: (r, t) => discover(finding(r, t, sort)),
      rows: jsonArray,
    }),
  ),
  {
    name: "discover-finding-cached",
    explainUncached: true,
    path: (r, t) => {
      const path = cachedFinding.get(t) ?? discover(finding(r, t, "new"));
      cachedFinding.set(t, path);
      return path;
    },
    rows: jsonArray,
  },
  {
    // Decision 0064's first measurement: one included and one excluded tag, a word minimum, newest first.
    name: "discover-new-1tag",
    path: (r, t) => {
      const work = r.pick(t.samples);
      const [exclude] = weightedTags(r, t.tags, 1, work.tags);
      const minWords = String(Math.max(0, work.words - r.int(0, 40) * 100));
      return discover(
        new URLSearchParams({ limit: String(BROWSE_PAGE), tag: r.pick(work.tags), exclude: exclude!, minWords }),
      );
    },
    rows: jsonArray,
  },
  {
    // The newest works from a random point in the catalogue: a deep page without filters (a keyset cursor).
    name: "discover-new-deep",
    path: (r) => {
      const t = new Date(Date.now() - r.int(DAY, 700 * DAY)).toISOString();
      const cursor = encodeCursor({ k: "new", t, i: 2 ** 30 });
      return discover(new URLSearchParams({ limit: String(BROWSE_PAGE), sort: "new", cursor }));
    },
    rows: jsonArray,
  },
  {
    // Issue 29: the newest works a reader who wants only human-written ones sees, from a random point (one more
    // column condition on the walk of stories_published_idx).
    name: "discover-new-ai-none",
    path: (r) => {
      const t = new Date(Date.now() - r.int(DAY, 700 * DAY)).toISOString();
      const cursor = encodeCursor({ k: "new", t, i: 2 ** 30 });
      return discover(new URLSearchParams({ limit: String(BROWSE_PAGE), sort: "new", cursor, ai: "none" }));
    },
    rows: jsonArray,
  },
  {
    // Issue 29: a browse page with every filter, AI-generated works left out (and the hidden count worked out).
    name: "discover-featured-ai-assisted",
    path: (r, t) => {
      const { params } = filtered(r, t, "featured");
      params.set("ai", "assisted");
      return discover(params);
    },
    rows: jsonArray,
  },
  {
    // The dashboard's Featured tab (limit 4), which has no parameter to vary but its cursor: paged on from a random
    // score, skewed low as the scores are (at 200,000 works: median 0.35, 99th percentile 16, as of now; stored in
    // the units of featured-score.ts).
    name: "tab-featured-paged",
    path: (r) => {
      const cursor = encodeCursor({ k: "featured", s: markUnits(r.next() ** 3 * 20, new Date()), i: 2 ** 30 });
      return discover(new URLSearchParams({ limit: "4", sort: "featured", cursor }));
    },
    rows: jsonArray,
  },
  {
    // The dashboard's 'For You' tab: built for each signed-in reader from what they liked, never cached.
    name: "tab-for-you",
    as: "liker",
    path: () => discover(new URLSearchParams({ limit: "4", sort: "for-you" })),
    rows: jsonArray,
  },
  search(1),
  search(2),
  search(3),
  {
    name: "search-2w-filtered",
    path: (r, t) => {
      const { params, work } = filtered(r, t, "relevance");
      params.set("q", searchWords(r, work, 2));
      return discover(params);
    },
    rows: jsonArray,
  },
  { name: "tag-page", cachedPage: true, path: (_r, t) => `/t/${encodeURIComponent(t.bigTag)}`, rows: works },
  { name: "author-page", cachedPage: true, path: (_r, t) => `/u/${t.prolificAuthor}`, rows: works },
  { name: "following", as: "follower", path: () => "/api/following", rows: jsonItems },
  {
    name: "following-deep",
    as: "follower",
    path: (r) => `/api/following?cursor=${Date.now() - r.int(DAY, 300 * DAY)}_999999999_0`,
    rows: jsonItems,
  },
  { name: "comments", path: (_r, t) => `/api/stories/${t.talkedAbout.id}/comments`, rows: jsonItems },
  {
    name: "comments-deep",
    path: (r, t) => {
      const { id, firstCommentId, lastCommentId } = t.talkedAbout;
      return `/api/stories/${id}/comments?cursor=${r.int(firstCommentId, lastCommentId - 40)}`;
    },
    rows: jsonItems,
  },
];
