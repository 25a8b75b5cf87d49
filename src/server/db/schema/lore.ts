// The lorebook and canon packs (issue 20, section 2). A lore entry belongs to exactly one story or one canon pack.
// A canon pack is one writer's lorebook for one fandom, shared by all of that writer's stories set in the fandom; a
// story's own entry overrides a pack entry of the same name. A published pack may be copied by others (a copy of its
// entries into the copier's own pack, never a live link). Issue 32: an entry may instead belong to a series (read by
// every story in it, below the story's own entries and above canon packs), change from a chapter on (`changes`), be
// switched off (`enabled`, as SillyTavern and NovelAI keep it), and keep the fields an imported file had that FicForge
// has no place for (`imported`, written back on export to the same format).
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  jsonb,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { series } from "./organising";
import { stories } from "./stories";
import { users } from "./users";

export const LORE_KINDS = ["character", "place", "item", "rule"] as const;
export type LoreKind = (typeof LORE_KINDS)[number];

export interface LoreChange {
  fromChapter: number;
  description: string;
}

export const canonPacks = pgTable(
  "canon_packs",
  {
    id: serial("id").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** As the writer spells it; matched to a story's fandoms case-insensitively (`lower(fandom)`). */
    fandom: text("fandom").notNull(),
    /** Set while others may find and copy the pack. */
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }),
    /** The published pack this one was first copied from, if any (kept for credit; cleared when that pack is deleted). */
    copiedFromId: integer("copied_from_id").references((): AnyPgColumn => canonPacks.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("canon_packs_owner_fandom_idx").on(t.ownerId, sql`lower(${t.fandom})`),
    index("canon_packs_published_idx").on(sql`lower(${t.fandom})`).where(sql`${t.publishedAt} is not null`),
  ],
);

export const loreEntries = pgTable(
  "lore_entries",
  {
    id: serial("id").primaryKey(),
    storyId: integer("story_id").references(() => stories.id, { onDelete: "cascade" }),
    canonPackId: integer("canon_pack_id").references(() => canonPacks.id, { onDelete: "cascade" }),
    seriesId: integer("series_id").references(() => series.id, { onDelete: "cascade" }),
    kind: text("kind").$type<LoreKind>().notNull(),
    name: text("name").notNull(),
    /** Aliases that bring the entry into Marin's context (the name counts as a key too). */
    keys: text("keys").array().notNull().default(sql`'{}'::text[]`),
    description: text("description").notNull(),
    /** How the entry reads from a chapter on, ordered by `fromChapter` (1-based, unique per entry). */
    changes: jsonb("changes").$type<LoreChange[]>().notNull().default(sql`'[]'::jsonb`),
    /** Off: kept in the lorebook, never sent to Marin. */
    enabled: boolean("enabled").notNull().default(true),
    /** An imported entry's fields FicForge has no place for, with the format they came from (bounded on import). */
    imported: jsonb("imported").$type<{ format: string; fields: Record<string, unknown> } | null>(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    check("lore_entries_one_owner", sql`num_nonnulls(${t.storyId}, ${t.canonPackId}, ${t.seriesId}) = 1`),
    index("lore_entries_story_idx").on(t.storyId).where(sql`${t.storyId} is not null`),
    index("lore_entries_pack_idx").on(t.canonPackId).where(sql`${t.canonPackId} is not null`),
    index("lore_entries_series_idx").on(t.seriesId).where(sql`${t.seriesId} is not null`),
  ],
);

/**
 * The writer's answer to one of Marin's lorebook proposals (Plus's story memory), per story and name (lower case):
 * a proposal answered either way is never made again, so a dismissed one stays dismissed and an accepted one that
 * was renamed or later deleted does not come back.
 */
export const loreProposalAnswers = pgTable(
  "lore_proposal_answers",
  {
    storyId: integer("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    /** The proposed name, lower case. */
    name: text("name").notNull(),
    answer: text("answer").$type<"accepted" | "dismissed">().notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.name] })],
);
