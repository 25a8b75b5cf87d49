// Cover and background images, stored once (content-addressed) after sharp re-encodes them. The bytes live in the
// image storage (DATA_DIR/images or S3) under `storage_key`; `data` and `thumbnail` hold them only for rows from
// before decision 0036 until `npm run images:migrate` moves them out (then both are null).
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns";
import { users } from "./users";

export const images = pgTable(
  "images",
  {
    // NOTE: the SHA-256 of the re-encoded bytes (first 128 bits, hex), so the same cover is stored once and URLs are
    // immutable. It is also the hash the migration checks the copied bytes against.
    id: text("id").primaryKey(),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    mimeType: text("mime_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Size in bytes of the full image (the thumbnail is smaller); null on rows not yet migrated. */
    byteSize: integer("byte_size"),
    /**
     * Where the bytes are: objects `{key}` (full) and `{key}.thumb` in the image storage; null while the bytes are
     * still in `data`/`thumbnail`. Unique per row: a row removed and uploaded again gets a new key, so removing the
     * old objects can never take the new ones.
     */
    storageKey: text("storage_key").unique(),
    data: bytea("data"),
    thumbnail: bytea("thumbnail"),
    createdAt: createdAt(),
  },
  (t) => [index("images_owner_idx").on(t.ownerId)],
);
