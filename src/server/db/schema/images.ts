// Cover images, stored once (content-addressed) after sharp re-encodes them.
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns";
import { users } from "./users";

export const images = pgTable(
  "images",
  {
    // NOTE: the SHA-256 of the re-encoded bytes, so the same cover is stored once and URLs are immutable.
    id: text("id").primaryKey(),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    mimeType: text("mime_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    data: bytea("data").notNull(),
    thumbnail: bytea("thumbnail").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("images_owner_idx").on(t.ownerId)],
);
