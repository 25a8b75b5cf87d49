// The flush's writes: additive upserts of counted reads, so any number of instances add up (read-counter.ts).
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

type FreshMark = { storyId: number; day: string; chapter: number };
const CHUNK = 1_000;

/** Inserts the marks (of stories that still exist); answers those no instance had inserted before. */
export async function insertMarks(db: Db, marks: string[]): Promise<FreshMark[]> {
  const fresh: FreshMark[] = [];
  for (let i = 0; i < marks.length; i += CHUNK) {
    const values = marks.slice(i, i + CHUNK).map((m) => {
      const [story, day, reader, chapter] = m.split("|");
      return sql`(${Number(story)}::int, ${day}::date, ${reader}::text, ${Number(chapter)}::smallint)`;
    });
    const result = (await db.execute(sql`
      insert into read_marks (story_id, day, reader, chapter)
      select v.story_id, v.day, v.reader, v.chapter
      from (values ${sql.join(values, sql`, `)}) as v(story_id, day, reader, chapter)
      join stories s on s.id = v.story_id
      on conflict do nothing
      returning story_id as "storyId", day::text as day, chapter`)) as unknown as { rows: FreshMark[] };
    fresh.push(...result.rows.map((r) => ({ storyId: Number(r.storyId), day: r.day, chapter: Number(r.chapter) })));
  }
  return fresh;
}

export async function addDays(db: Db, perDay: Map<string, { reads: number; readers: number }>): Promise<void> {
  const entries = [...perDay];
  for (let i = 0; i < entries.length; i += CHUNK) {
    const values = entries.slice(i, i + CHUNK).map(([key, { reads, readers }]) => {
      const [story, day] = key.split("|");
      return sql`(${Number(story)}::int, ${day}::date, ${reads}::int, ${readers}::int)`;
    });
    await db.execute(sql`
      insert into story_read_days (story_id, day, reads, readers)
      select v.story_id, v.day, v.reads, v.readers
      from (values ${sql.join(values, sql`, `)}) as v(story_id, day, reads, readers)
      join stories s on s.id = v.story_id
      on conflict (story_id, day) do update
        set reads = story_read_days.reads + excluded.reads, readers = story_read_days.readers + excluded.readers`);
  }
}

export async function addChapters(db: Db, perChapter: Map<string, number>): Promise<void> {
  const entries = [...perChapter];
  for (let i = 0; i < entries.length; i += CHUNK) {
    const values = entries.slice(i, i + CHUNK).map(([key, readers]) => {
      const [story, chapter] = key.split("|");
      return sql`(${Number(story)}::int, ${Number(chapter)}::smallint, ${readers}::int)`;
    });
    await db.execute(sql`
      insert into story_chapter_reads (story_id, chapter, readers)
      select v.story_id, v.chapter, v.readers
      from (values ${sql.join(values, sql`, `)}) as v(story_id, chapter, readers)
      join stories s on s.id = v.story_id
      on conflict (story_id, chapter) do update set readers = story_chapter_reads.readers + excluded.readers`);
  }
}
