// The named shapes an archive has, seeded at scale by bench/seed.ts and found (or made) by the benches that need
// them (bench/lists.ts, bench/notify-fanout.ts): one author many readers follow, one with hundreds of works, one
// reader following hundreds of authors, one story with thousands of comments, one free-form tag on a large share of
// the catalogue. Usernames fit the profile schema (at most 10 characters).
export const ARCHIVE_SHAPES = {
  /** An author with `followers` followers (and the same readers subscribed to one of their stories). */
  famousAuthor: { username: "famous1", followers: 100_000 },
  /** An author with `works` published works. */
  prolificAuthor: { username: "prolific1", works: 500 },
  /** A reader following `follows` authors. */
  followingReader: { username: "follower1", follows: 500 },
  /** A published story with `comments` comments. */
  talkedAbout: { title: "The Story Everyone Talks About", comments: 5_000 },
  /** A free-form tag carried by about `shareOfWorks` of the published works (the head of the Zipf tail). */
  bigTag: { name: "Slow Burn", shareOfWorks: 0.2 },
} as const;
