// Checks a database bench/seed.ts filled on PostgreSQL: a sample of stored stories passes the app's schemas and
// matches what the app derives (check-rows.ts), the counts and links are consistent, the archive's named shapes are
// there, and the app's backfill jobs find nothing to do.
//   npx tsx bench/seed-check.ts --database-url postgres://... [--sample 200]
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { recordMissingChapters } from "../src/server/chapters/sync-chapters";
import { openDatabase } from "../src/server/db/client";
import { countUncountedStories } from "../src/server/stories/count-story-words";
import { rateUnratedStories } from "../src/server/stories/rate-stories";
import { resanitizeStories } from "../src/server/stories/resanitize-stories";
import { type LabelPairs, toLabels } from "../src/server/stories/story-labels";
import type { ContentRating } from "../src/shared/tagging";
import { ARCHIVE_SHAPES } from "./lib/archive-shapes";
import { checkArchiveSample, type SampledStory } from "./lib/check-rows";
import { BENCH_PASSWORD } from "./lib/seed-bench";
import { formatInt, printTable } from "./lib/table";

type Row = Record<string, unknown>;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { "database-url": { type: "string" }, sample: { type: "string", default: "200" } },
  });
  const url = values["database-url"];
  if (!url) throw new Error("--database-url is required");
  const database = await openDatabase({ kind: "postgres", url });
  const db = database.db;
  // NOTE: the checks scan whole tables (minutes at a million works): on a connection of their own, without the app
  // pool's statement timeout.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rows = async (query: string) => (await client.query<Row>(query)).rows;
  const one = async (query: string) => Number((await rows(query))[0]!.n);
  try {
    const n = Number(values.sample);
    const stories = await rows(`
      select s.id, s.title, s.description, s.content, s.themes, s.characters, s.setting, s.plot_ideas, s.moods,
             s.fandoms, s.published, s.word_count, s.ai_word_count, s.content_rating, s.warnings, s.status,
             coalesce((select json_agg(t.name) from story_tags st join tags t on t.id = st.tag_id where st.story_id = s.id), '[]') as tags,
             coalesce((select json_agg(json_build_array(l.kind, f.name) order by l.kind, l.position)
                         from story_free_tags l join free_tags f on f.key = l.key where l.story_id = s.id), '[]') as labels,
             coalesce((select json_agg(json_build_object('n', c.n, 'title', c.title, 'words', c.words) order by c.n)
                         from story_chapters c where c.story_id = s.id), '[]') as chapters
        from stories s tablesample system (1) repeatable (1) limit ${n}`);
    const users = await rows(
      `select username, email, description from users tablesample system (1) repeatable (1) limit ${n}`,
    );
    const sampled: SampledStory[] = stories.map((s) => {
      const labels = toLabels(s.labels as LabelPairs);
      return {
        story: {
          id: s.id as number,
          title: s.title as string,
          description: s.description as string,
          content: s.content as string,
          themes: s.themes as string[],
          characters: s.characters as SampledStory["story"]["characters"],
          setting: s.setting as string,
          plotIdeas: s.plot_ideas as string,
          moods: s.moods as Record<string, number>,
          fandoms: s.fandoms as string[],
          published: s.published as boolean,
          wordCount: s.word_count as number,
          aiWordCount: s.ai_word_count as number,
          contentRating: s.content_rating as ContentRating,
          warnings: s.warnings as string[],
          status: s.status as "in-progress" | "complete",
        },
        catalogueTags: s.tags as string[],
        labels,
        chapters: s.chapters as SampledStory["chapters"],
      };
    });
    checkArchiveSample(
      BENCH_PASSWORD,
      users as { username: string; email: string; description: string | null }[],
      sampled,
    );
    console.log(
      `${sampled.length} stored stories and ${users.length} users pass the app's schemas, sanitizer, word count and chapters`,
    );

    const checks: [string, string][] = [
      ...["likes", "bookmarks", "comments"].map((table): [string, string] => [
        `stories whose ${table.replace(/s$/, "")}_count is not their ${table}`,
        `select count(*) as n from stories s where ${table.replace(/s$/, "")}_count <>
           coalesce((select count(*) from ${table} x where x.story_id = s.id), 0)`,
      ]),
      [
        "orphan rows (likes, bookmarks, comments, tags, follows, subscriptions, chapters)",
        `select (select count(*) from likes l left join users u on u.id = l.user_id left join stories s on s.id = l.story_id where u.id is null or s.id is null)
              + (select count(*) from bookmarks l left join users u on u.id = l.user_id left join stories s on s.id = l.story_id where u.id is null or s.id is null)
              + (select count(*) from comments c left join users u on u.id = c.author_id left join stories s on s.id = c.story_id where u.id is null or s.id is null)
              + (select count(*) from comments c left join comments p on p.id = c.parent_id where c.parent_id is not null and (p.id is null or p.story_id <> c.story_id))
              + (select count(*) from story_free_tags t left join free_tags f on f.key = t.key where f.key is null)
              + (select count(*) from story_tags t left join stories s on s.id = t.story_id where s.id is null)
              + (select count(*) from follows f left join users u on u.id = f.author_id left join users v on v.id = f.follower_id where u.id is null or v.id is null)
              + (select count(*) from story_subscriptions x left join stories s on s.id = x.story_id where s.id is null)
              + (select count(*) from story_chapters c left join stories s on s.id = c.story_id where s.id is null)
              + (select count(*) from stories s left join users u on u.id = s.author_id where u.id is null) as n`,
      ],
      [
        "likes and bookmarks by the story's author",
        `select (select count(*) from likes l join stories s on s.id = l.story_id where s.author_id = l.user_id)
              + (select count(*) from bookmarks l join stories s on s.id = l.story_id where s.author_id = l.user_id) as n`,
      ],
      [
        "published stories without chapters",
        "select count(*) as n from stories s where published and not exists (select 1 from story_chapters c where c.story_id = s.id)",
      ],
      [
        "stories without search text, word count or current sanitizer",
        "select count(*) as n from stories where search_text is null or search_tags is null or word_count is null or sanitized_with < 2",
      ],
    ];
    const answers: string[][] = [];
    for (const [what, query] of checks) {
      const at = performance.now();
      answers.push([what, formatInt(await one(query)), `${Math.round(performance.now() - at)} ms`]);
    }
    const shape = async (what: string, query: string) => {
      answers.push([what, formatInt(await one(query)), ""]);
    };
    await shape(
      `${ARCHIVE_SHAPES.famousAuthor.username}'s followers`,
      `select count(*) as n from follows f join users u on u.id = f.author_id where u.username = '${ARCHIVE_SHAPES.famousAuthor.username}'`,
    );
    await shape(
      `${ARCHIVE_SHAPES.famousAuthor.username}'s story's subscribers (most)`,
      `select max(n) as n from (select count(*) as n from story_subscriptions x join stories s on s.id = x.story_id
         join users u on u.id = s.author_id where u.username = '${ARCHIVE_SHAPES.famousAuthor.username}' group by s.id) c`,
    );
    await shape(
      `${ARCHIVE_SHAPES.prolificAuthor.username}'s published works`,
      `select count(*) as n from stories s join users u on u.id = s.author_id where published and u.username = '${ARCHIVE_SHAPES.prolificAuthor.username}'`,
    );
    await shape(
      `authors ${ARCHIVE_SHAPES.followingReader.username} follows`,
      `select count(*) as n from follows f join users u on u.id = f.follower_id where u.username = '${ARCHIVE_SHAPES.followingReader.username}'`,
    );
    await shape(
      `comments on "${ARCHIVE_SHAPES.talkedAbout.title}"`,
      `select comment_count as n from stories where title = '${ARCHIVE_SHAPES.talkedAbout.title}'`,
    );
    await shape(
      `published works tagged ${ARCHIVE_SHAPES.bigTag.name}`,
      `select count(*) as n from story_free_tags t join stories s on s.id = t.story_id where s.published and t.key = lower('${ARCHIVE_SHAPES.bigTag.name}')`,
    );
    await shape("distinct free-form tags in use", "select count(distinct key) as n from story_free_tags");
    for (const [name, job] of [
      ["rateUnratedStories", () => rateUnratedStories(db)],
      ["countUncountedStories", () => countUncountedStories(db)],
      ["recordMissingChapters", () => recordMissingChapters(db, new Date())],
      ["resanitizeStories", () => resanitizeStories(db)],
    ] as const) {
      const at = performance.now();
      answers.push([
        `${name} (stories it changed)`,
        formatInt(await job()),
        `${Math.round(performance.now() - at)} ms`,
      ]);
    }
    printTable(["check", "answer", "took"], answers);
  } finally {
    await client.end();
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
