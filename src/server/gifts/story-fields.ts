// Publish and the details PATCH take `giftedTo` and `relatedWorks`: checked before the story's own write (every
// refusal is a 4xx naming the field, before anything is written), stored inside the same transaction as the story's
// write (no partial save), then announced and the caches of the works they touch dropped.
import type { FastifyInstance } from "fastify";
import type { RelatedWorkInput } from "../../shared/schemas/gifts";
import type { Db } from "../db/client";
import type { UserRow } from "../types";
import { getOwnStoryOrThrow } from "../stories/story-queries";
import { notifyGifts, resolveGiftsOrThrow, saveGifts } from "./gifts";
import { notifyLinks, type ResolvedLink, resolveLinksOrThrow, saveLinks } from "./related-works";
import { linkedWorksOf } from "./views";

export interface GiftFieldsBody {
  giftedTo?: string[];
  relatedWorks?: RelatedWorkInput[];
}

export interface GiftFieldsStep {
  /** Runs inside the story write's transaction (undefined: the body had neither field). */
  during: ((tx: Db) => Promise<void>) | undefined;
  /**
   * After the commit: the announcements (when the work is public), and the cached pages of the works whose lines
   * changed. Publishing always calls it; a PATCH only when it had one of the fields.
   */
  after: (published: boolean) => Promise<void>;
}

/** Checks the two fields (404 for a story that is not the user's, 4xx naming the field) and plans their write. */
export async function giftFieldsStep(
  app: FastifyInstance,
  db: Db,
  user: UserRow,
  storyId: number,
  body: GiftFieldsBody,
  now: () => Date,
): Promise<GiftFieldsStep> {
  const touched = body.giftedTo !== undefined || body.relatedWorks !== undefined;
  let gifts: number[] | undefined;
  let links: ResolvedLink[] | undefined;
  if (touched) {
    await getOwnStoryOrThrow(db, storyId, user.id);
    if (body.giftedTo) gifts = await resolveGiftsOrThrow(db, user.id, storyId, body.giftedTo);
    if (body.relatedWorks) links = await resolveLinksOrThrow(db, user, storyId, body.relatedWorks);
  }
  let unlinked: number[] = [];
  return {
    during: touched
      ? async (tx) => {
          if (gifts) await saveGifts(tx, storyId, gifts, now());
          if (links) unlinked = await saveLinks(tx, storyId, user.id, links, now());
        }
      : undefined,
    after: async (published) => {
      const cache = app.readCache;
      for (const id of [...unlinked, ...(links ? await linkedWorksOf(db, storyId) : [])]) cache.invalidateStory(id);
      if (body.giftedTo) cache.invalidateAuthors();
      if (!published) return;
      // NOTE: on every publish too: a draft's gifts and links are announced when it goes public (keyed: once).
      if ((await notifyGifts(db, storyId)) + (await notifyLinks(db, storyId)) > 0) app.deps.emailWake.notify();
    },
  };
}
