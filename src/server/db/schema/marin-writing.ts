// Issue 32: Marin for writers who use AI every day. Generations kept so a writer may ask for another version of one
// (each alternative a generation of its own, pointing at the first), the planning board per story, and style samples
// (per story, or one for all the writer's stories). Chat threads are in marin-chat.ts; series lorebooks, progression,
// the enabled switch and imported fields are columns of lore_entries (lore.ts).
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { stories } from "./stories";
import { users } from "./users";

/**
 * One generation Marin delivered (no text: what was asked, so 'Another version' can ask again). An alternative points
 * at the first generation of its group; a group is its first row and the rows pointing at it.
 */
export const marinGenerations = pgTable(
  "marin_generations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storyId: integer("story_id").references(() => stories.id, { onDelete: "cascade" }),
    /** write, continue, rewrite, regenerate, or a planning level (synopsis, outline, beats, chapter). */
    action: text("action").notNull(),
    /** The request's own fields (prompt, instruction, selection, length…), never the story's text. */
    request: jsonb("request").notNull().default(sql`'{}'::jsonb`),
    alternativeOf: bigint("alternative_of", { mode: "number" }).references((): AnyPgColumn => marinGenerations.id, {
      onDelete: "cascade",
    }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("marin_generations_user_idx").on(t.userId, t.id),
    index("marin_generations_alternative_idx").on(t.alternativeOf).where(sql`${t.alternativeOf} is not null`),
    index("marin_generations_story_idx").on(t.storyId).where(sql`${t.storyId} is not null`),
  ],
);

export interface PlanChapter {
  title: string;
  beats: string[];
}

/** A story's planning board: braindump → synopsis → outline of chapters → beats per chapter. */
export const storyPlans = pgTable("story_plans", {
  storyId: integer("story_id")
    .primaryKey()
    .references(() => stories.id, { onDelete: "cascade" }),
  braindump: text("braindump").notNull().default(""),
  synopsis: text("synopsis").notNull().default(""),
  chapters: jsonb("chapters").$type<PlanChapter[]>().notNull().default(sql`'[]'::jsonb`),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * A writer's style sample: up to 2,000 words of their own prose, for one story or (story_id null) for all of their
 * stories; a story's own sample wins. `profile` is what was derived from the text (sentence length, vocabulary…).
 */
export const styleSamples = pgTable(
  "style_samples",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storyId: integer("story_id").references(() => stories.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    profile: jsonb("profile").notNull().default(sql`'{}'::jsonb`),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("style_samples_user_all_idx").on(t.userId).where(sql`${t.storyId} is null`),
    uniqueIndex("style_samples_story_idx").on(t.storyId).where(sql`${t.storyId} is not null`),
  ],
);
