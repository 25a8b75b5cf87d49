// The list bench's targets (archive-shapes.ts), found on the bench database or made there with set-based SQL when
// the seeder did not make them: an author with 500 works, a reader following 500 authors, a story with 5,000
// comments and one free-form tag on a fifth of the works. What the app derives from these rows is kept as it keeps
// it: comment_count here, tag_keys by the triggers when the column exists (else by the same key the app uses).
import type pg from "pg";
import { tagKey } from "../../src/shared/tagging";
import { ARCHIVE_SHAPES } from "./archive-shapes";
import { BENCH_EMAIL_DOMAIN } from "./fake-rows";

export interface ListTargets {
  prolificAuthor: string;
  followingReader: { username: string; email: string };
  /** A reader with likes, so 'For You' has a profile to rank by. */
  likingReader: { username: string; email: string };
  talkedAbout: { id: number; firstCommentId: number; lastCommentId: number };
  bigTag: string;
  /** Catalogue and free-form tags with how many published works carry each, most used first. */
  tags: { name: string; works: number }[];
  /** Published general-audience works with at least 3 tags: a filter built from one finds at least that work. */
  samples: WorkSample[];
  /** What the setup had to make (empty when the database already had every shape). */
  made: string[];
}

export interface WorkSample {
  /** Its title and description: search words a reader who heard of it would type. */
  text: string;
  tags: string[];
  contentRating: string;
  status: string;
  words: number;
  /** Issue 31: its language and whether it is a crossover (bench/discover-finding.ts filters by both). */
  language: string;
  crossover: boolean;
}

const { prolificAuthor, followingReader, talkedAbout, bigTag } = ARCHIVE_SHAPES;

async function one<T>(db: pg.Pool, text: string, values: unknown[] = []): Promise<T | undefined> {
  return (await db.query(text, values)).rows[0] as T | undefined;
}

/** The user named `username`, made (a verified bench account with the bench password) when missing. */
async function ensureUser(db: pg.Pool, username: string, made: string[]): Promise<number> {
  const found = await one<{ id: number }>(db, "select id from users where lower(username) = $1", [username]);
  if (found) return found.id;
  // NOTE: every bench account has the same password (BENCH_PASSWORD), so an existing one's hash is borrowed.
  const row = await one<{ id: number }>(
    db,
    `insert into users (username, email, password, email_verified, created_at)
     select $1, $2, password, true, now() - interval '400 days' from users where email like $3 limit 1
     returning id`,
    [username, `${username}@${BENCH_EMAIL_DOMAIN}`, `%@${BENCH_EMAIL_DOMAIN}`],
  );
  if (!row) throw new Error("no bench account to copy: seed the database first (bench/seed.ts)");
  made.push(`user ${username}`);
  return row.id;
}

async function ensureProlific(db: pg.Pool, made: string[]): Promise<void> {
  const id = await ensureUser(db, prolificAuthor.username, made);
  const { n } = (await one<{ n: number }>(
    db,
    "select count(*)::int n from stories where author_id = $1 and published",
    [id],
  ))!;
  if (n >= prolificAuthor.works) return;
  await db.query(
    `update stories set author_id = $1 where id in (
       select id from stories where published and author_id <> $1 order by id limit $2)`,
    [id, prolificAuthor.works - n],
  );
  made.push(`${prolificAuthor.works - n} works moved to ${prolificAuthor.username}`);
}

async function ensureFollows(db: pg.Pool, made: string[]): Promise<void> {
  const id = await ensureUser(db, followingReader.username, made);
  const { n } = (await one<{ n: number }>(db, "select count(*)::int n from follows where follower_id = $1", [id]))!;
  if (n >= followingReader.follows) return;
  const added = await db.query(
    `insert into follows (follower_id, author_id)
     select $1, author_id from (select distinct author_id from stories where published and author_id <> $1) a
     order by author_id limit $2 on conflict do nothing`,
    [id, followingReader.follows],
  );
  made.push(`${added.rowCount} follows by ${followingReader.username}`);
}

async function ensureTalkedAbout(db: pg.Pool, made: string[]): Promise<ListTargets["talkedAbout"]> {
  let story = await one<{ id: number }>(db, "select id from stories where title = $1 and published limit 1", [
    talkedAbout.title,
  ]);
  if (!story) {
    // NOTE: a general-audience story, so a signed-out reader may open its comments.
    story = await one<{ id: number }>(
      db,
      `update stories set title = $1 where id = (
         select id from stories where published and rating = 'general' order by id desc limit 1) returning id`,
      [talkedAbout.title],
    );
    made.push(`story "${talkedAbout.title}"`);
  }
  const id = story!.id;
  const { n } = (await one<{ n: number }>(db, "select count(*)::int n from comments where story_id = $1", [id]))!;
  if (n < talkedAbout.comments) {
    await db.query(
      `insert into comments (content, story_id, author_id, created_at)
       select 'Comment ' || g || ': I did not see that coming.', $1,
              u.ids[1 + g % array_length(u.ids, 1)], now() - (($2 - g) * interval '1 minute')
       from generate_series(1, $2) g, (select array_agg(id) ids from users where email like $3) u`,
      [id, talkedAbout.comments - n, `%@${BENCH_EMAIL_DOMAIN}`],
    );
    // The count every reader sees: live, visible comments (reading/comments.ts).
    await db.query(
      `update stories set comment_count = (
         select count(*) from comments where story_id = $1 and deleted_at is null and moderation = 'visible')
       where id = $1`,
      [id],
    );
    made.push(`${talkedAbout.comments - n} comments`);
  }
  const range = (await one<{ first: number; last: number }>(
    db,
    "select min(id) first, max(id) last from comments where story_id = $1",
    [id],
  ))!;
  return { id, firstCommentId: range.first, lastCommentId: range.last };
}

async function ensureBigTag(db: pg.Pool, made: string[]): Promise<void> {
  const key = tagKey(bigTag.name);
  await db.query("insert into free_tags (key, name) values ($1, $2) on conflict do nothing", [key, bigTag.name]);
  const share = (await one<{ carried: number; works: number }>(
    db,
    `select (select count(*)::int from story_free_tags f join stories s on s.id = f.story_id
             where f.key = $1 and s.published) carried,
            (select count(*)::int from stories where published) works`,
    [key],
  ))!;
  if (share.carried >= share.works * bigTag.shareOfWorks * 0.9) return;
  // NOTE: every fifth id: spread over the whole catalogue and every order, as a popular tag is.
  const step = Math.round(1 / bigTag.shareOfWorks);
  const tagged = await db.query(
    `insert into story_free_tags (story_id, kind, key, position)
     select id, 'freeform', $1, 0 from stories where published and id % $2 = 0 on conflict do nothing`,
    [key, step],
  );
  const column = await one(
    db,
    "select 1 from information_schema.columns where table_name = 'stories' and column_name = 'tag_keys'",
  );
  if (column) {
    // NOTE: idempotent with the lead's triggers (if they kept it already, the key is there once).
    await db.query(
      `update stories set tag_keys = array(select distinct k from unnest(tag_keys || $1::text) k order by k)
       where published and id % $2 = 0 and not (tag_keys @> array[$1::text])`,
      [key, step],
    );
  }
  made.push(`"${bigTag.name}" on ${tagged.rowCount} works`);
}

/** Reader who liked the most stories (For You ranks by what a reader liked). */
async function likingReader(db: pg.Pool): Promise<ListTargets["likingReader"]> {
  const row = await one<{ username: string; email: string }>(
    db,
    `select u.username, u.email from users u join (select user_id, count(*) n from likes group by user_id) l
       on l.user_id = u.id where u.email like $1 order by l.n desc limit 1`,
    [`%@${BENCH_EMAIL_DOMAIN}`],
  );
  if (!row) throw new Error("no bench reader with likes: seed the database first (bench/seed.ts)");
  return row;
}

export async function ensureListTargets(db: pg.Pool): Promise<ListTargets> {
  const made: string[] = [];
  await ensureProlific(db, made);
  await ensureFollows(db, made);
  const talked = await ensureTalkedAbout(db, made);
  await ensureBigTag(db, made);
  if (made.length > 0) await db.query("analyze");
  const tags = await db.query<{ name: string; works: number }>(
    `select t.name, count(*)::int works from story_tags st join tags t on t.id = st.tag_id
       join stories s on s.id = st.story_id and s.published group by t.name
     union all
     select ft.name, count(*)::int from story_free_tags f join free_tags ft on ft.key = f.key
       join stories s on s.id = f.story_id and s.published group by ft.name
     order by works desc`,
  );
  const samples = await db.query<WorkSample>(
    `select * from (
       select s.content_rating "contentRating", s.status, coalesce(s.word_count, 0) words, s.language, s.crossover,
         s.title || ' ' || coalesce(s.description, '') "text",
         array(select t.name from story_tags st join tags t on t.id = st.tag_id where st.story_id = s.id
               union all
               select ft.name from story_free_tags f join free_tags ft on ft.key = f.key where f.story_id = s.id) tags
       from stories s
       where s.published and s.rating = 'general' and s.moderation_hidden_at is null
       order by random() limit 2000) w
     where cardinality(tags) >= 3`,
  );
  const { email } = (await one<{ email: string }>(db, "select email from users where lower(username) = $1", [
    followingReader.username,
  ]))!;
  return {
    prolificAuthor: prolificAuthor.username,
    followingReader: { username: followingReader.username, email },
    likingReader: await likingReader(db),
    talkedAbout: talked,
    bigTag: bigTag.name,
    tags: tags.rows,
    samples: samples.rows,
    made,
  };
}
