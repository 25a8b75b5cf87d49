// Issue 32's lorebook routes: a series' own lorebook (its owner's alone; anybody else's series answers like a missing
// one), read by every story in the series (load.ts), and where each entry of a story's lorebook is mentioned.
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  LORE_LIMITS,
  LORE_MESSAGES,
  LoreEntryCreate,
  LoreEntryUpdate,
  LoreEntryView,
  LoreMentionsAnswer,
  SeriesLoreAnswer,
} from "../../shared/schemas/lore";
import { SERIES_NOT_FOUND } from "../../shared/schemas/series";
import { requireUser, requireUserHook } from "../accounts/guards";
import type { Db } from "../db/client";
import { loreEntries, series } from "../db/schema";
import { notFound } from "../errors";
import { errors, NoContent, SIGNED_IN } from "../http/api-doc";
import { parseSeriesId } from "../series/commands";
import { getOwnStoryOrThrow, parseStoryId } from "../stories/story-queries";
import { createLoreEntry, deleteLoreEntry, getOwnLoreEntryOrThrow, parseEntryId, updateLoreEntry } from "./entries";
import { presentLoreEntry } from "./load";
import { storyMentions } from "./mentions";

const IdParams = z.object({ id: z.string() });
const EntryParams = z.object({ id: z.string(), entryId: z.string() });

/** The series, if the user owns it: another writer's answers exactly like a missing one (404). */
async function getOwnSeriesIdOrThrow(db: Db, raw: string, userId: number): Promise<number> {
  const id = parseSeriesId(raw);
  const [row] = await db
    .select({ id: series.id })
    .from(series)
    .where(and(eq(series.id, id), eq(series.ownerId, userId)))
    .limit(1);
  if (!row) throw notFound(SERIES_NOT_FOUND);
  return row.id;
}

/** The series' own entry (its owner's): an entry of another lorebook under this path is no entry. */
async function getSeriesEntryOrThrow(db: Db, params: { id: string; entryId: string }, userId: number) {
  const seriesId = await getOwnSeriesIdOrThrow(db, params.id, userId);
  const entry = await getOwnLoreEntryOrThrow(db, parseEntryId(params.entryId), userId);
  if (entry.seriesId !== seriesId) throw notFound(LORE_MESSAGES.notFound);
  return entry;
}

export async function seriesLoreRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireUserHook);

  app.get(
    "/api/series/:id/lore",
    {
      schema: {
        summary: "Read a series' lorebook",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: SeriesLoreAnswer },
      },
    },
    async (request): Promise<SeriesLoreAnswer> => {
      const seriesId = await getOwnSeriesIdOrThrow(request.db, request.params.id, requireUser(request).id);
      const rows = await request.db
        .select()
        .from(loreEntries)
        .where(eq(loreEntries.seriesId, seriesId))
        .orderBy(asc(loreEntries.id));
      return { entries: rows.map(presentLoreEntry), limits: { entries: LORE_LIMITS.entriesPerOwner } };
    },
  );

  app.post(
    "/api/series/:id/lore",
    {
      schema: {
        summary: "Add an entry to a series' lorebook",
        security: SIGNED_IN,
        params: IdParams,
        body: LoreEntryCreate.omit({ proposal: true }),
        response: { 201: LoreEntryView, ...errors(409) },
      },
    },
    async (request, reply) => {
      const seriesId = await getOwnSeriesIdOrThrow(request.db, request.params.id, requireUser(request).id);
      return reply.status(201).send(await createLoreEntry(request.db, { seriesId }, request.body));
    },
  );

  app.patch(
    "/api/series/:id/lore/:entryId",
    {
      schema: {
        summary: "Change an entry of a series' lorebook",
        security: SIGNED_IN,
        params: EntryParams,
        body: LoreEntryUpdate,
        response: { 200: LoreEntryView, ...errors(409) },
      },
    },
    async (request) => {
      const entry = await getSeriesEntryOrThrow(request.db, request.params, requireUser(request).id);
      return updateLoreEntry(request.db, entry, request.body);
    },
  );

  app.delete(
    "/api/series/:id/lore/:entryId",
    {
      schema: {
        summary: "Delete an entry of a series' lorebook",
        security: SIGNED_IN,
        params: EntryParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const entry = await getSeriesEntryOrThrow(request.db, request.params, requireUser(request).id);
      await deleteLoreEntry(request.db, entry);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/stories/:id/lore/mentions",
    {
      schema: {
        summary: "Where each lorebook entry is mentioned in a story, chapter by chapter",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: LoreMentionsAnswer },
      },
    },
    async (request): Promise<LoreMentionsAnswer> => {
      const story = await getOwnStoryOrThrow(request.db, parseStoryId(request.params.id), requireUser(request).id);
      return storyMentions(request.db, story);
    },
  );
}
