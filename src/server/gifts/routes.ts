// Gifts and related works (issue 30 section 3): the recipient refuses a gift, the original's author answers a link,
// the owner reads what the details page edits. Setting them is publish's and the details PATCH's (stories/routes.ts).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { OwnGiftsAndLinks, RELATED_NOT_FOUND, RelatedWorkAnswer } from "../../shared/schemas/gifts";
import { requireUser, requireUserHook } from "../accounts/guards";
import { notFound } from "../errors";
import { NoContent, SIGNED_IN } from "../http/api-doc";
import { getOwnStoryOrThrow, parseStoryId } from "../stories/story-queries";
import { GIFT_NOT_FOUND } from "../../shared/schemas/gifts";
import { refuseGift } from "./gifts";
import { answerLink } from "./related-works";
import { ownGiftsAndLinks } from "./views";

const StoryParams = z.object({ storyId: z.string() });
const IdParams = z.object({ id: z.string() });
const signedIn = { onRequest: requireUserHook };

const linkId = (raw: string) => {
  if (!/^\d{1,9}$/.test(raw)) throw notFound(RELATED_NOT_FOUND);
  return Number(raw);
};

export async function giftRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const now = () => root.deps.now();

  const ownSchema = {
    summary: "Your story's gift recipients and related works, as you edit them",
    security: SIGNED_IN,
    params: IdParams,
    response: { 200: OwnGiftsAndLinks },
  };
  app.get("/api/stories/:id/gifts-and-links", { ...signedIn, schema: ownSchema }, async (request, reply) => {
    const user = requireUser(request);
    const id = parseStoryId(request.params.id);
    await getOwnStoryOrThrow(request.db, id, user.id);
    reply.header("cache-control", "private, no-store");
    return ownGiftsAndLinks(request.db, user, id);
  });

  const refuseSchema = {
    summary: "Refuse a work gifted to you",
    security: SIGNED_IN,
    params: StoryParams,
    response: { 204: NoContent },
  };
  app.delete("/api/gifts/:storyId", { ...signedIn, schema: refuseSchema }, async (request, reply) => {
    const user = requireUser(request);
    if (!/^\d{1,9}$/.test(request.params.storyId)) throw notFound(GIFT_NOT_FOUND);
    const storyId = Number(request.params.storyId);
    await refuseGift(request.db, user.id, storyId, now());
    // The name leaves the work's pages and the recipient's Gifts tab.
    root.readCache.invalidateStory(storyId);
    root.readCache.invalidateAuthors();
    return reply.status(204).send(null);
  });

  for (const answer of ["approve", "reject"] as const) {
    const schema = {
      summary:
        answer === "approve"
          ? "Approve a work's link to your work (it is listed under 'Works inspired by this')"
          : "Reject a work's link to your work",
      security: SIGNED_IN,
      params: IdParams,
      response: { 200: RelatedWorkAnswer },
    };
    app.post(`/api/related-works/:id/${answer}`, { ...signedIn, schema }, async (request) => {
      const user = requireUser(request);
      const { originalId } = await answerLink(
        request.db,
        user.id,
        linkId(request.params.id),
        answer === "approve",
        now(),
      );
      // Only the original's pages list approved links ('Works inspired by this').
      root.readCache.invalidateStory(originalId);
      return { id: Number(request.params.id), approved: answer === "approve" };
    });
  }
}
