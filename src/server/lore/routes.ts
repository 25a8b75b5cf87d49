// The lorebook (issue 20, section 2): a story's entries with the canon pack entries that apply and, for FicForge Plus,
// Marin's proposals; adding to a story; changing and deleting any entry the writer owns (story or canon pack: the
// one edit path for both, decision 0043).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  LORE_LIMITS,
  LORE_MESSAGES,
  LoreEntryCreate,
  LoreEntryUpdate,
  LoreEntryView,
  LoreProposalDismiss,
  StoryLoreAnswer,
} from "../../shared/schemas/lore";
import { requireUser, requireUserHook } from "../accounts/guards";
import { requirePremium } from "../billing/premium";
import { errors, NoContent, SIGNED_IN } from "../http/api-doc";
import { getOwnStoryOrThrow, parseStoryId } from "../stories/story-queries";
import { createLoreEntry, deleteLoreEntry, getOwnLoreEntryOrThrow, parseEntryId, updateLoreEntry } from "./entries";
import { storyLore } from "./load";
import { dismissProposal, storyProposals } from "./proposals";

const StoryParams = z.object({ id: z.string() });
const EntryParams = z.object({ entryId: z.string() });

export async function loreRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireUserHook);

  app.get(
    "/api/stories/:id/lore",
    {
      schema: {
        summary: "Read a story's lorebook, with the series and canon pack entries that apply",
        description: "`proposals` (Marin's, from story memory) is null for accounts without FicForge Plus.",
        security: SIGNED_IN,
        params: StoryParams,
        response: { 200: StoryLoreAnswer },
      },
    },
    async (request): Promise<StoryLoreAnswer> => {
      const user = requireUser(request);
      const story = await getOwnStoryOrThrow(request.db, parseStoryId(request.params.id), user.id);
      const { entries, series, canon } = await storyLore(request.db, story);
      const known = [...entries, ...series, ...canon];
      const proposals = user.isPremium ? await storyProposals(request.db, story.id, known) : null;
      return { entries, series, canon, proposals, limits: { entries: LORE_LIMITS.entriesPerOwner } };
    },
  );

  app.post(
    "/api/stories/:id/lore",
    {
      schema: {
        summary: "Add an entry to a story's lorebook",
        security: SIGNED_IN,
        params: StoryParams,
        body: LoreEntryCreate,
        response: { 201: LoreEntryView, ...errors(409) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const story = await getOwnStoryOrThrow(request.db, parseStoryId(request.params.id), user.id);
      if (request.body.proposal) requirePremium(user, LORE_MESSAGES.plusOnly);
      return reply.status(201).send(await createLoreEntry(request.db, { storyId: story.id }, request.body));
    },
  );

  app.post(
    "/api/stories/:id/lore/proposals/dismiss",
    {
      schema: {
        summary: "Dismiss one of Marin's lorebook proposals",
        security: SIGNED_IN,
        params: StoryParams,
        body: LoreProposalDismiss,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const story = await getOwnStoryOrThrow(request.db, parseStoryId(request.params.id), user.id);
      requirePremium(user, LORE_MESSAGES.plusOnly);
      await dismissProposal(request.db, story.id, request.body.name);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    "/api/lore/:entryId",
    {
      schema: {
        summary: "Change a lorebook entry (a story's or a canon pack's)",
        security: SIGNED_IN,
        params: EntryParams,
        body: LoreEntryUpdate,
        response: { 200: LoreEntryView, ...errors(409) },
      },
    },
    async (request) => {
      const entry = await getOwnLoreEntryOrThrow(
        request.db,
        parseEntryId(request.params.entryId),
        requireUser(request).id,
      );
      return updateLoreEntry(request.db, entry, request.body);
    },
  );

  app.delete(
    "/api/lore/:entryId",
    {
      schema: {
        summary: "Delete a lorebook entry (a story's or a canon pack's)",
        security: SIGNED_IN,
        params: EntryParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const entry = await getOwnLoreEntryOrThrow(
        request.db,
        parseEntryId(request.params.entryId),
        requireUser(request).id,
      );
      await deleteLoreEntry(request.db, entry);
      return reply.status(204).send(null);
    },
  );
}
