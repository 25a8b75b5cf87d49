// Issue 33: the maintainers' view of a collection's works (creators named, unrevealed ones included) and the reveal.
import { z } from "zod";

/** GET /api/collections/{name}/works: `before` is the last item's story id of the page before. */
export const CollectionWorksQuery = z.object({
  before: z
    .string()
    .regex(/^\d{1,9}$/, "Invalid cursor")
    .optional(),
});

export interface CollectionWorkItem {
  storyId: number;
  title: string;
  /** 'approved', 'pending' (a maintainer's approval) or 'invited' (the author's consent). */
  state: "approved" | "pending" | "invited";
  published: boolean;
  /** Shown as 'Anonymous' to readers until the reveal. */
  anonymous: boolean;
  /** Hidden from readers until the reveal. */
  unrevealed: boolean;
  author: { id: number; username: string };
  coCreators: { username: string }[];
  addedAt: string;
}

export interface CollectionWorksPage {
  items: CollectionWorkItem[];
  nextCursor: string | null;
}

/** POST /api/collections/{name}/reveal. */
export interface CollectionRevealed {
  revealedAt: string;
  works: number;
}
