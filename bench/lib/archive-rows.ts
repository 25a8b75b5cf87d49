// The rows of an archive-sized bench seed (bench/lib/copy-seed.ts), generated one story at a time so nothing but a
// few small per-story arrays is ever held: users, the free-form tag vocabulary (a Zipf long tail), stories with every
// column the app derives on save, their tags, chapters, likes, bookmarks and comments, then follows and story
// subscriptions, plus the named shapes of archive-shapes.ts. Each user and story draws from a Random of its own
// (seed, kind, index), so a row never depends on the order rows are generated in, and a seed always yields the same
// archive.
import { ALL_TAGS, ARCHETYPES, FANDOMS, MOOD_SLIDERS, THEMES } from "../../src/shared/catalogues";
import { isNsfw } from "../../src/shared/nsfw";
import {
  type ContentRating,
  type LabelKind,
  NO_WARNINGS,
  storyTagKeys,
  tagKey,
  WARNINGS,
} from "../../src/shared/tagging";
import { SANITIZER_VERSION } from "../../src/server/content/sanitize-content";
import { countStoryWords } from "../../src/server/content/story-text";
import { type LabelPairs, toLabels } from "../../src/server/stories/story-labels";
import { derivedStoryColumns } from "../../src/server/stories/story-rating";
import { FEATURED } from "../../src/server/reading/featured-score";
import { ARCHIVE_SHAPES } from "./archive-shapes";
import { fakeUser } from "./fake-rows";
import {
  fakeCast,
  fakeCharacterDescription,
  fakeComment,
  fakeDescription,
  fakeParagraph,
  fakePlotIdeas,
  fakeSetting,
  fakeTitle,
} from "./fake-text";
import { createRandom, type Random } from "./random";
import { ADJECTIVES, FIRST_NAMES, NOUNS, PLACES, TRAITS } from "./words";

const DAY = 86_400_000;
const FREE_THEMES = THEMES.filter((t) => !t.premium).map((t) => t.id);

export interface ArchiveOptions {
  /** Published stories. */
  stories: number;
  /** Unpublished drafts (default one per ten published). */
  drafts?: number;
  /** Default one per ten published stories, at least 10. */
  users?: number;
  seed?: number;
  /** Dates are relative to it (default: the start of the current UTC day). */
  now?: Date;
  /** Distinct free-form tags (default 0.3 per published story, at least 50). */
  freeTags?: number;
  /** Paragraphs per chapter: 1–3 when short (the default above 100,000 stories), else 3–6 as seedBench writes. */
  shortContent?: boolean;
}

/** Where each table's explicit ids start (the largest id already there). */
export interface IdBases {
  users: number;
  stories: number;
  likes: number;
  bookmarks: number;
  comments: number;
}

// Means per published story of the exponential draws (Random.skewed rounds down, so a draw averages about half less),
// before the viral stories' boost (one in a hundred gets 20x): a million works get about 5 million likes, 2 million
// bookmarks and 1 million comments. NOTE: seed1m_million (decision 0070) was seeded with 4.2, 1.68 and 0.84, which
// rounded down gave 4.5, 1.55 and 0.6 million.
const LIKES_MEAN = 4.62;
const BOOKMARKS_MEAN = 2.1;
const COMMENTS_MEAN = 1.2;
const VIRAL = { chance: 0.01, boost: 20 };
const MEAN_FOLLOWS = 3;
const MEAN_SUBSCRIPTIONS = 1;
// NOTE: about 70% of free-form tag uses follow a Zipf law over the vocabulary (a few tags on many works), the rest
// are spread evenly, so every tag of the long tail is used a few times and none is left without a story.
const ZIPF_SHARE = 0.7;
const ZIPF_EXPONENT = 1;

/** A Random of its own for row `index` of `kind`: rows do not depend on the order they are generated in. */
function rowRandom(seed: number, kind: number, index: number): Random {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(kind + 1, 0xc2b2ae35) ^ Math.imul(index + 1, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return createRandom((h ^ (h >>> 16)) >>> 0);
}
const KIND = { user: 1, story: 2, time: 3, follows: 4, subscriptions: 5, pool: 6 } as const;

const between = (r: Random, from: number, to: number) => from + Math.floor(r.next() * Math.max(0, to - from));
const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `n` distinct integers in [0, size) other than `except` (Floyd's algorithm: O(n) draws whatever n is). */
export function sampleIndexes(r: Random, size: number, n: number, except = -1): number[] {
  const pool = except >= 0 && except < size ? size - 1 : size;
  const count = Math.min(n, pool);
  const picked = new Set<number>();
  for (let j = pool - count; j < pool; j++) {
    const t = r.int(0, j);
    picked.add(picked.has(t) ? j : t);
  }
  const out: number[] = [];
  for (const v of picked) out.push(except >= 0 && v >= except ? v + 1 : v);
  return out;
}

/** The free-form tag of a rank: rank 0 is the big tag, then relationships, characters and additional tags in turn. */
export function freeTagOf(rank: number): { kind: LabelKind; name: string } {
  if (rank === 0) return { kind: "freeform", name: ARCHIVE_SHAPES.bigTag.name };
  const m = Math.floor((rank - 1) / 3);
  const fullName = (x: number) => `${FIRST_NAMES[x % 50]!} ${cap(NOUNS[Math.floor(x / 50) % NOUNS.length]!)}`;
  const names = FIRST_NAMES.length * NOUNS.length;
  switch ((rank - 1) % 3) {
    case 0: {
      // NOTE: two different people, each pair once: the second is an offset of 1.. names-1 from the first.
      const a = m % names;
      const b = (a + 1 + (Math.floor(m / names) % (names - 1))) % names;
      return { kind: "relationship", name: `${fullName(a)}/${fullName(b)}` };
    }
    case 1: {
      const rest = Math.floor(m / names);
      const suffix =
        rest === 0
          ? ""
          : ` (${cap(ADJECTIVES[(rest - 1) % ADJECTIVES.length]!)} ${cap(TRAITS[Math.floor((rest - 1) / ADJECTIVES.length) % TRAITS.length]!)})`;
      return { kind: "character", name: `${fullName(m % names)}${suffix}` };
    }
    default: {
      const base = ADJECTIVES.length * NOUNS.length;
      const adjective = cap(ADJECTIVES[m % ADJECTIVES.length]!);
      const noun = NOUNS[Math.floor(m / ADJECTIVES.length) % NOUNS.length]!;
      const rest = Math.floor(m / base);
      const place = rest === 0 ? "" : ` in ${PLACES[(rest - 1) % PLACES.length]!}`;
      const withWhom = Math.floor((rest - 1) / PLACES.length);
      const who = rest === 0 || withWhom === 0 ? "" : ` with ${FIRST_NAMES[(withWhom - 1) % FIRST_NAMES.length]!}`;
      const more = rest === 0 ? 0 : Math.floor((withWhom - 1) / FIRST_NAMES.length);
      return { kind: "freeform", name: `${adjective} ${noun}${place}${who}${more > 0 ? ` ${more + 1}` : ""}` };
    }
  }
}

export interface PlannedArchive {
  stories: number;
  drafts: number;
  users: number;
  freeTags: number;
  seed: number;
  now: Date;
  shortContent: boolean;
  shapes: {
    famousFollowers: number;
    prolificWorks: number;
    readerFollows: number;
    talkedAboutComments: number;
  };
}

export function planArchive(options: ArchiveOptions): PlannedArchive {
  const stories = options.stories;
  const users = Math.max(options.users ?? Math.round(stories / 10), 10);
  const scale = stories / 1_000_000;
  const scaled = (n: number, at: number) => Math.min(Math.max(1, Math.round(n * scale)), at);
  return {
    stories,
    drafts: options.drafts ?? Math.round(stories / 10),
    users,
    freeTags: options.freeTags ?? Math.max(50, Math.round(stories * 0.3)),
    seed: options.seed ?? 1,
    now: options.now ?? new Date(new Date().setUTCHours(0, 0, 0, 0)),
    shortContent: options.shortContent ?? stories > 100_000,
    shapes: {
      // NOTE: capped by the users there are: at a million works, all 99,999 other users follow famous1.
      famousFollowers: scaled(ARCHIVE_SHAPES.famousAuthor.followers, users - 1),
      prolificWorks: scaled(ARCHIVE_SHAPES.prolificAuthor.works, Math.max(1, stories - 2)),
      readerFollows: scaled(ARCHIVE_SHAPES.followingReader.follows, users - 1),
      talkedAboutComments: Math.max(10, Math.round(ARCHIVE_SHAPES.talkedAbout.comments * scale)),
    },
  };
}

// The named users and stories, by index.
export const FAMOUS_USER = 0;
export const PROLIFIC_USER = 1;
export const READER_USER = 2;
const FIRST_ORDINARY_USER = 3;
export const FAMOUS_STORY = 0;
export const TALKED_ABOUT_STORY = 1;

export interface UserRow {
  id: number;
  username: string;
  email: string;
  password: string;
  description: string;
  emailVerified: boolean;
  isPremium: boolean;
  createdAt: Date;
}

/** A stories row as the seeder writes it: every column the app derives on save, filled. */
export interface ArchiveStory {
  id: number;
  title: string;
  description: string;
  content: string;
  authorId: number;
  published: boolean;
  publishedAt: Date | null;
  /** The newest event the Following feed shows for it, as migration 0031's triggers keep it. */
  lastEventAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  characters: { lead: string[]; supporting: string[]; description: string };
  setting: string;
  plotIdeas: string;
  moods: Record<string, number>;
  fandoms: string[];
  themes: string[];
  version: number;
  coverImageId: string | null;
  sanitizedWith: number;
  wordCount: number;
  aiWordCount: number;
  contentRating: ContentRating;
  warnings: string[];
  status: "in-progress" | "complete";
  rating: string;
  searchText: string;
  searchTags: string;
  likeCount: number;
  bookmarkCount: number;
  commentCount: number;
  featuredScore: number;
  tagKeys: string[];
}

export interface StoryBundle {
  story: ArchiveStory;
  catalogueTags: string[];
  labels: { relationships: string[]; characterTags: string[]; freeformTags: string[] };
  freeTags: { kind: LabelKind; key: string; position: number }[];
  chapters: { n: number; title: string; words: number; firstPublishedAt: Date }[];
  likes: { id: number; userId: number; createdAt: Date }[];
  bookmarks: { id: number; userId: number; createdAt: Date }[];
  comments: { id: number; authorId: number; content: string; createdAt: Date; parentId: number | null }[];
}

interface PoolParagraph {
  html: string;
  words: number;
}

/** The generator of one archive: call users(), freeTagRows(), then story(i) for every i in order, then the rest. */
export class ArchiveRows {
  readonly plan: PlannedArchive;
  readonly total: number;
  private readonly nowMs: number;
  private readonly userStartMs: number;
  private readonly userStepMs: number;
  private readonly storyStartMs: number;
  private readonly zipfCdf: Float64Array;
  private readonly pool: PoolParagraph[];
  private readonly headingWords = new Map<string, number>();
  // NOTE: 4 + 8 bytes per story (13 MB at 1.1 million), kept for the follows and subscriptions that name them.
  private readonly authorOf: Int32Array;
  private readonly publishedAtMs: Float64Array;
  private likeId: number;
  private bookmarkId: number;
  private commentId: number;

  constructor(
    plan: PlannedArchive,
    private readonly ids: IdBases,
    private readonly passwordHash: string,
    private readonly coverIds: readonly string[],
  ) {
    this.plan = plan;
    this.total = plan.stories + plan.drafts;
    this.nowMs = plan.now.getTime();
    // Users join over two years, in id order; stories are written over the last 700 days, in id order too (drafts,
    // the last ids, are the newest), so ids follow creation time as on a real site.
    this.userStartMs = this.nowMs - 730 * DAY;
    this.userStepMs = (700 * DAY) / plan.users;
    this.storyStartMs = this.nowMs - 700 * DAY;
    this.authorOf = new Int32Array(this.total);
    this.publishedAtMs = new Float64Array(this.total);
    this.likeId = ids.likes;
    this.bookmarkId = ids.bookmarks;
    this.commentId = ids.comments;
    const ranks = plan.freeTags - 1;
    this.zipfCdf = new Float64Array(ranks);
    let sum = 0;
    for (let k = 0; k < ranks; k++) {
      sum += 1 / (k + 1) ** ZIPF_EXPONENT;
      this.zipfCdf[k] = sum;
    }
    for (let k = 0; k < ranks; k++) this.zipfCdf[k]! /= sum;
    // NOTE: story text comes from a pool of paragraphs counted once: countStoryWords on every story cost ~0.4 ms, as
    // much as all the rest of a story; the counts are the app's (check-rows.ts compares a sample with it).
    const r = rowRandom(plan.seed, KIND.pool, 0);
    this.pool = Array.from({ length: 2_000 }, () => {
      const html = fakeParagraph(r, fakeCast(r));
      return { html, words: countStoryWords(html).wordCount };
    });
  }

  userId(index: number): number {
    return this.ids.users + index + 1;
  }

  storyId(index: number): number {
    return this.ids.stories + index + 1;
  }

  private userCreatedMs(index: number): number {
    return Math.floor(this.userStartMs + index * this.userStepMs);
  }

  user(index: number): UserRow {
    const r = rowRandom(this.plan.seed, KIND.user, index);
    const row = fakeUser(r, index, this.passwordHash, this.plan.now);
    const shape = [
      ARCHIVE_SHAPES.famousAuthor.username,
      ARCHIVE_SHAPES.prolificAuthor.username,
      ARCHIVE_SHAPES.followingReader.username,
    ][index];
    const username = shape ?? row.username;
    return {
      id: this.userId(index),
      username,
      email: shape ? `${shape}@${row.email.split("@")[1]}` : row.email,
      password: this.passwordHash,
      description: row.description ?? "",
      emailVerified: true,
      isPremium: row.isPremium ?? false,
      createdAt: new Date(this.userCreatedMs(index) + r.int(0, Math.floor(this.userStepMs / 2))),
    };
  }

  /** Ranks 0 .. freeTags-1 with their spelling and key; rank 0 is the big tag. */
  *freeTagRows(): Generator<{ key: string; name: string; createdAt: Date }> {
    const createdAt = new Date(this.userStartMs);
    for (let rank = 0; rank < this.plan.freeTags; rank++) {
      const { name } = freeTagOf(rank);
      yield { key: tagKey(name), name, createdAt };
    }
  }

  private drawTagRank(r: Random): number {
    const ranks = this.zipfCdf.length;
    if (!r.chance(ZIPF_SHARE)) return 1 + r.int(0, ranks - 1);
    const u = r.next();
    let lo = 0;
    let hi = ranks - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.zipfCdf[mid]! < u) lo = mid + 1;
      else hi = mid;
    }
    return 1 + lo;
  }

  private isProlificStory(index: number): boolean {
    const works = this.plan.shapes.prolificWorks;
    const step = Math.max(1, Math.floor((this.plan.stories - 2) / works));
    const k = (index - 2) / step;
    return index >= 2 && index < this.plan.stories && Number.isInteger(k) && k < works;
  }

  private authorIndex(index: number, r: Random, createdMs: number): number {
    if (index === FAMOUS_STORY) return FAMOUS_USER;
    if (this.isProlificStory(index)) return PROLIFIC_USER;
    // Anyone who had joined by then (the first authors write more, as early members of a site do).
    const joined = Math.floor((createdMs - this.userStartMs) / this.userStepMs);
    const last = Math.min(this.plan.users - 1, Math.max(FIRST_ORDINARY_USER, joined));
    return r.int(Math.min(FIRST_ORDINARY_USER, this.plan.users - 1), last);
  }

  private heading(n: number, r: Random): { html: string; title: string; words: number } {
    const title = r.chance(0.3) ? `Chapter ${n}: ${cap(r.pick(ADJECTIVES))} ${r.pick(NOUNS)}` : `Chapter ${n}`;
    let words = this.headingWords.get(title);
    if (words === undefined) {
      words = countStoryWords(`<h2>${title}</h2>`).wordCount;
      if (this.headingWords.size < 10_000) this.headingWords.set(title, words);
    }
    return { html: `<h2>${title}</h2>`, title, words };
  }

  /** Story `index` (0 .. stories+drafts-1; the drafts come last) with everything hanging off it. */
  story(index: number): StoryBundle {
    const { plan } = this;
    const r = rowRandom(plan.seed, KIND.story, index);
    const published = index < plan.stories;
    const createdMs = Math.floor(this.storyStartMs + ((index + r.next()) / this.total) * 700 * DAY);
    const authorIndex = this.authorIndex(index, r, createdMs);
    const authorCreated = this.userCreatedMs(authorIndex) + Math.floor(this.userStepMs / 2);
    const created = Math.max(createdMs, authorCreated);
    const publishedAt = published ? between(r, created, Math.min(this.nowMs, created + 30 * DAY)) : null;
    const updatedAt = between(r, publishedAt ?? created, this.nowMs);
    this.authorOf[index] = authorIndex;
    this.publishedAtMs[index] = publishedAt ?? Number.NaN;

    const cast = fakeCast(r);
    const title = index === TALKED_ABOUT_STORY ? ARCHIVE_SHAPES.talkedAbout.title : fakeTitle(r);
    const description = fakeDescription(r, cast);
    const moods = Object.fromEntries(
      MOOD_SLIDERS.map((m) => [m.id, m.id === "spice" ? Math.floor(r.next() ** 3 * 101) : r.int(0, 100)]),
    );
    const themes = r.sample(FREE_THEMES, r.int(1, 3));
    const ruleMature = isNsfw({ title, description, moods });
    if (ruleMature && r.chance(0.3)) themes.push("nsfw");
    const contentRating: ContentRating = ruleMature
      ? r.pick(["mature", "mature", "explicit", "not-rated"] as const)
      : r.pick(["general", "general", "general", "teen", "teen", "mature", "explicit", "not-rated"] as const);
    const leads = r.int(1, 3);
    const archetypes = r.sample(ARCHETYPES, leads + r.int(0, 3));
    const fandoms = r.sample(FANDOMS, r.int(1, 3));
    const warningDraw = r.next();
    const warnings: string[] =
      warningDraw < 0.4
        ? [NO_WARNINGS]
        : warningDraw < 0.6
          ? [WARNINGS[0]]
          : warningDraw < 0.85
            ? r.sample(WARNINGS.slice(2), r.int(1, 2))
            : [];

    // Text: one to a dozen chapters, each a heading and a few paragraphs from the pool.
    const chapterDraw = r.next();
    const chapterCount =
      chapterDraw < 0.65 ? 1 : chapterDraw < 0.85 ? 2 : chapterDraw < 0.95 ? r.int(3, 5) : r.int(6, 12);
    let content = "";
    let wordCount = 0;
    const chapters: StoryBundle["chapters"] = [];
    const chapterSpan = updatedAt - (publishedAt ?? updatedAt);
    for (let n = 1; n <= chapterCount; n++) {
      const heading = this.heading(n, r);
      content += heading.html;
      let words = heading.words;
      for (let p = plan.shortContent ? r.int(1, 3) : r.int(3, 6); p > 0; p--) {
        const paragraph = this.pool[r.int(0, this.pool.length - 1)]!;
        content += paragraph.html;
        words += paragraph.words;
      }
      wordCount += words;
      if (publishedAt !== null) {
        // NOTE: chapter 1 went out with the story, later ones over the time until its last update, in order.
        const at = chapterCount === 1 ? publishedAt : publishedAt + Math.floor((chapterSpan * (n - 1)) / chapterCount);
        chapters.push({ n, title: heading.title, words, firstPublishedAt: new Date(at) });
      }
    }

    const catalogueTags = r.chance(0.1) ? [] : r.sample(ALL_TAGS, r.int(1, 5));
    const pairs: LabelPairs = [];
    const freeKeys = new Set<string>();
    const big = r.chance(ARCHIVE_SHAPES.bigTag.shareOfWorks);
    const wanted = r.int(0, big ? 7 : 8);
    const ranks = big ? [0] : [];
    for (let tries = 0; ranks.length < wanted + (big ? 1 : 0) && tries < 4 * wanted + 4; tries++) {
      const rank = this.drawTagRank(r);
      if (!ranks.includes(rank)) ranks.push(rank);
    }
    for (const rank of ranks) {
      const { kind, name } = freeTagOf(rank);
      freeKeys.add(tagKey(name));
      pairs.push([kind, name]);
    }
    const labels: StoryBundle["labels"] = toLabels(pairs);
    const freeTags: StoryBundle["freeTags"] = [
      ...labels.relationships.map((name, position) => ({ kind: "relationship" as const, key: tagKey(name), position })),
      ...labels.characterTags.map((name, position) => ({ kind: "character" as const, key: tagKey(name), position })),
      ...labels.freeformTags.map((name, position) => ({ kind: "freeform" as const, key: tagKey(name), position })),
    ];
    const derived = derivedStoryColumns({ title, description, moods, themes, fandoms, contentRating }, [
      ...catalogueTags,
      ...labels.relationships,
      ...labels.characterTags,
      ...labels.freeformTags,
    ]);

    const bundle: StoryBundle = {
      story: {
        id: this.storyId(index),
        title,
        description,
        content,
        authorId: this.userId(authorIndex),
        published,
        publishedAt: publishedAt === null ? null : new Date(publishedAt),
        lastEventAt: publishedAt === null ? null : new Date(lastEventAt(publishedAt, chapters)),
        createdAt: new Date(created),
        updatedAt: new Date(updatedAt),
        characters: {
          lead: archetypes.slice(0, leads),
          supporting: archetypes.slice(leads),
          description: fakeCharacterDescription(r, cast),
        },
        setting: fakeSetting(r, cast),
        plotIdeas: fakePlotIdeas(r, cast),
        moods,
        fandoms,
        themes,
        version: r.int(1, 12),
        coverImageId: this.coverIds.length > 0 && r.chance(0.8) ? r.pick(this.coverIds) : null,
        sanitizedWith: SANITIZER_VERSION,
        wordCount,
        aiWordCount: 0,
        contentRating,
        warnings,
        status: r.chance(0.4) ? "complete" : "in-progress",
        ...derived,
        likeCount: 0,
        bookmarkCount: 0,
        commentCount: 0,
        featuredScore: 0,
        tagKeys: storyTagKeys(catalogueTags, [...freeKeys], warnings),
      },
      catalogueTags,
      labels,
      freeTags,
      chapters,
      likes: [],
      bookmarks: [],
      comments: [],
    };
    if (publishedAt !== null) this.react(bundle, r, index, authorIndex, publishedAt);
    return bundle;
  }

  /** Likes, bookmarks and comments with a long tail (a few viral), and the counts and featured score they make. */
  private react(bundle: StoryBundle, r: Random, index: number, authorIndex: number, publishedAt: number): void {
    const { plan, nowMs } = this;
    const boost = r.chance(VIRAL.chance) ? VIRAL.boost : 1;
    const when = () => between(r, publishedAt, nowMs);
    const since = nowMs - FEATURED.windowDays * DAY;
    const halfLife = FEATURED.halfLifeDays * DAY;
    let score = 0;
    for (const u of sampleIndexes(r, plan.users, r.skewed(LIKES_MEAN * boost), authorIndex)) {
      const at = when();
      if (at >= since) score += FEATURED.likeWeight * 2 ** ((at - FEATURED.epochMs) / halfLife);
      bundle.likes.push({ id: ++this.likeId, userId: this.userId(u), createdAt: new Date(at) });
    }
    for (const u of sampleIndexes(r, plan.users, r.skewed(BOOKMARKS_MEAN * boost), authorIndex)) {
      const at = when();
      if (at >= since) score += FEATURED.bookmarkWeight * 2 ** ((at - FEATURED.epochMs) / halfLife);
      bundle.bookmarks.push({ id: ++this.bookmarkId, userId: this.userId(u), createdAt: new Date(at) });
    }
    const commentCount =
      index === TALKED_ABOUT_STORY ? plan.shapes.talkedAboutComments : r.skewed(COMMENTS_MEAN * boost);
    // Ids follow time, so a reply (a quarter of the comments after the first) always comes after its parent.
    const times = Array.from({ length: commentCount }, when).sort((a, b) => a - b);
    const topLevel: number[] = [];
    for (const at of times) {
      const id = ++this.commentId;
      const parentId = topLevel.length > 0 && r.chance(0.25) ? r.pick(topLevel) : null;
      if (parentId === null) topLevel.push(id);
      bundle.comments.push({
        id,
        authorId: this.userId(r.int(0, plan.users - 1)),
        content: fakeComment(r),
        createdAt: new Date(at),
        parentId,
      });
    }
    Object.assign(bundle.story, {
      likeCount: bundle.likes.length,
      bookmarkCount: bundle.bookmarks.length,
      commentCount: bundle.comments.length,
      featuredScore: score,
    });
  }

  /** The authors user `index` follows (call after every story): famous1's followers, follower1's hundreds, a few each. */
  follows(index: number): { authorId: number; createdAt: Date }[] {
    const { plan } = this;
    const r = rowRandom(plan.seed, KIND.follows, index);
    const authors = new Set<number>();
    if (index !== FAMOUS_USER && index <= plan.shapes.famousFollowers) authors.add(FAMOUS_USER);
    const wanted = index === READER_USER ? plan.shapes.readerFollows : authors.size + r.skewed(MEAN_FOLLOWS);
    // NOTE: followed authors are the authors of random published stories, so prolific writers gain more followers.
    for (let tries = 0; authors.size < wanted && tries < wanted * 20; tries++) {
      const author = this.authorOf[r.int(0, plan.stories - 1)]!;
      if (author !== index) authors.add(author);
    }
    for (let j = 0; authors.size < wanted && j < plan.users; j++) if (j !== index) authors.add(j);
    const joined = this.userCreatedMs(index) + Math.floor(this.userStepMs / 2);
    return [...authors].map((a) => ({
      authorId: this.userId(a),
      createdAt: new Date(
        between(r, Math.max(joined, this.userCreatedMs(a) + Math.floor(this.userStepMs / 2)), this.nowMs),
      ),
    }));
  }

  /** The stories user `index` subscribes to: famous1's followers to its story, and about one each. */
  subscriptions(index: number): { storyId: number; createdAt: Date }[] {
    const { plan } = this;
    const r = rowRandom(plan.seed, KIND.subscriptions, index);
    const picked = new Set<number>();
    if (index !== FAMOUS_USER && index <= plan.shapes.famousFollowers) picked.add(FAMOUS_STORY);
    for (let n = r.skewed(MEAN_SUBSCRIPTIONS); n > 0; n--) {
      const story = r.int(0, plan.stories - 1);
      if (this.authorOf[story] !== index) picked.add(story);
    }
    const joined = this.userCreatedMs(index) + Math.floor(this.userStepMs / 2);
    return [...picked].map((s) => ({
      storyId: this.storyId(s),
      createdAt: new Date(between(r, Math.max(joined, this.publishedAtMs[s]!), this.nowMs)),
    }));
  }
}

/** A published story's newest Following event: its publication, or a later chapter (past the first, a second on). */
function lastEventAt(publishedAt: number, chapters: StoryBundle["chapters"]): number {
  let newest = publishedAt;
  for (const c of chapters) {
    const at = c.firstPublishedAt.getTime();
    if (c.n > 1 && at > publishedAt + 1_000 && at > newest) newest = at;
  }
  return newest;
}
