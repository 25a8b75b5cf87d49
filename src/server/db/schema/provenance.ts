// Issue 29: a fingerprint of every text Marin delivered to a writer (provenance/provenance.ts), so a story's AI share is
// measured from its words alone. Hashed word shingles only, never the text: one row per delivery.
import { bigserial, check, customType, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { stories } from "./stories";
import { users } from "./users";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

export const marinFingerprints = pgTable(
  "marin_fingerprints",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The story it was made for; the writer's fingerprints count on every story of theirs (text moves between them).
    storyId: integer("story_id").references(() => stories.id, { onDelete: "set null" }),
    // What Marin did: 'generate', 'continue', 'rewrite', 'regenerate', 'opening', 'legacy' (wrapped text from before).
    kind: text("kind").notNull(),
    // Words in the delivered text, and its shingles' hashes (sorted unique 32-bit values, little-endian).
    words: integer("words").notNull(),
    shingles: bytea("shingles").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("marin_fingerprints_user_idx").on(t.userId, t.id),
    index("marin_fingerprints_story_idx").on(t.storyId),
    check("marin_fingerprints_words_check", sql`${t.words} >= 0`),
  ],
);
