// Issue 33: the maintainers' view of a collection's works (creators named, unrevealed ones included) and the reveal.
import { z } from "zod";

/** GET /api/collections/{name}/works: `before` is the last item's story id of the page before. */
export const CollectionWorksQuery = z.object({
  before: z
    .string()
    .regex(/^\d{1,9}$/, "Invalid cursor")
    .optional(),
});

const iso = z.string().describe("ISO 8601 date and time");

export const CollectionWorkItem = z.object({
  storyId: z.number(),
  title: z.string(),
  /** 'approved', 'pending' (a maintainer's approval) or 'invited' (the author's consent). */
  state: z.enum(["approved", "pending", "invited"]),
  published: z.boolean(),
  /** Shown as 'Anonymous' to readers until the reveal. */
  anonymous: z.boolean(),
  /** Hidden from readers until the reveal. */
  unrevealed: z.boolean(),
  author: z.object({ id: z.number(), username: z.string() }),
  coCreators: z.array(z.object({ username: z.string() })),
  addedAt: iso,
});
export type CollectionWorkItem = z.infer<typeof CollectionWorkItem>;

export const CollectionWorksPage = z.object({
  items: z.array(CollectionWorkItem),
  /** The `before` of the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type CollectionWorksPage = z.infer<typeof CollectionWorksPage>;

/** POST /api/collections/{name}/reveal. */
export const CollectionRevealed = z.object({ revealedAt: iso, works: z.number() });
export type CollectionRevealed = z.infer<typeof CollectionRevealed>;
