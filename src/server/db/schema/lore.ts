// The lorebook and canon packs (issue 20, section 2). A lore entry belongs to exactly one story or one canon pack.
// A canon pack is one writer's lorebook for one fandom, shared by all of that writer's stories set in the fandom; a
// story's own entry overrides a pack entry of the same name. A published pack may be copied by others (a copy of its
// entries into the copier's own pack, never a live link).
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { stories } from "./stories";
import { users } from "./users";

export const LORE_KINDS = ["character", "place", "item", "rule"] as const;
export type LoreKind = (typeof LORE_KINDS)[number];

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
    kind: text("kind").$type<LoreKind>().notNull(),
    name: text("name").notNull(),
    /** Aliases that bring the entry into Marin's context (the name counts as a key too). */
    keys: text("keys").array().notNull().default(sql`'{}'::text[]`),
    description: text("description").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    check("lore_entries_one_owner", sql`(${t.storyId} is null) <> (${t.canonPackId} is null)`),
    index("lore_entries_story_idx").on(t.storyId).where(sql`${t.storyId} is not null`),
    index("lore_entries_pack_idx").on(t.canonPackId).where(sql`${t.canonPackId} is not null`),
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
