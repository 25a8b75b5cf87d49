// Free-form tags (issue 17 section 4): relationships, characters and additional tags. Each tag is kept once under
// its key (the spelling in lower case, shared/tagging.ts), with the spelling it was first written in; a story's
// tags link to keys, so 'pip marlow' and 'Pip Marlow' are one tag everywhere (filters, /t/ pages, autocomplete).
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { stories } from "./stories";

export const freeTags = pgTable(
  "free_tags",
  {
    key: text("key").primaryKey(),
    /** The canonical spelling: the first one written (a catalogue tag's own spelling for a catalogue name). */
    name: text("name").notNull(),
    createdAt: createdAt(),
    // Issue 31, tag wrangling. A wrangler makes a tag canonical (filters and autocomplete prefer it) or a synonym of
    // a canonical tag (`synonym_of`, never a chain: a synonym's target is canonical), and sets a character or
    // relationship tag's fandom. `kind` is the kind it was wrangled as ('relationship' | 'character' |
    // 'freeform'); unwrangled tags (wrangled_at null) make the queue at /dashboard/wrangling.
    canonical: boolean("canonical").notNull().default(false),
    synonymOf: text("synonym_of").references((): AnyPgColumn => freeTags.key),
    kind: text("kind"),
    fandom: text("fandom"),
    wrangledAt: timestamp("wrangled_at", { withTimezone: true, mode: "date" }),
    wrangledBy: integer("wrangled_by"),
  },
  (t) => [
    // NOTE: text_pattern_ops, so autocomplete's `key like 'pre%'` walks the index whatever the collation.
    index("free_tags_prefix_idx").using("btree", sql`${t.key} text_pattern_ops`),
    // A canonical tag's synonyms (filters expand them).
    index("free_tags_synonym_idx").on(t.synonymOf).where(sql`${t.synonymOf} is not null`),
    index("free_tags_unwrangled_idx").on(t.createdAt).where(sql`${t.wrangledAt} is null`),
    check(
      "free_tags_synonym_check",
      sql`${t.synonymOf} is null or (${t.synonymOf} <> ${t.key} and not ${t.canonical})`,
    ),
    check("free_tags_kind_check", sql`${t.kind} is null or ${t.kind} in ('relationship', 'character', 'freeform')`),
  ],
);

export const storyFreeTags = pgTable(
  "story_free_tags",
  {
    storyId: integer("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    key: text("key")
      .notNull()
      .references(() => freeTags.key),
    /** The author's order within the kind. */
    position: smallint("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storyId, t.kind, t.key] }),
    // Filters and tag pages go from a tag to its stories.
    index("story_free_tags_key_idx").on(t.key, t.storyId),
    check("story_free_tags_kind_check", sql`${t.kind} in ('relationship', 'character', 'freeform')`),
  ],
);
