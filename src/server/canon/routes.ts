// Canon packs (issue 20, section 2; decision 0043). Every route needs a signed-in writer and acts for them: their own
// packs, or others' published packs they may see (read and copy only). Anything else answers 404. A pack's entries
// are listed and added here; they are changed and deleted through PATCH/DELETE /api/lore/{entryId} (lore/routes.ts).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CanonCopyResult,
  CanonEntry,
  CanonEntryList,
  CanonPack,
  CanonPackCreate,
  CanonPackList,
  CanonPackQuery,
  PublishedCanonPackList,
} from "../../shared/schemas/canon";
import { LoreEntryCreate } from "../../shared/schemas/lore";
import { requireUser, requireUserHook } from "../accounts/guards";
import { errors, NoContent, SIGNED_IN } from "../http/api-doc";
import { copyPack } from "./copy-pack";
import { createLoreEntry, listPackEntries } from "../lore/entries";
import {
  createPack,
  deletePack,
  getOwnPackOrThrow,
  listOwnPacks,
  parsePackId,
  publishPack,
  unpublishPack,
} from "./packs";
import { browsePublishedPacks, getVisiblePackOrThrow } from "./visibility";

const PackParams = z.object({ id: z.string() });
const signedIn = { onRequest: requireUserHook };

export async function canonRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const now = () => root.deps.now();

  const listSchema = {
    summary: "List your canon packs, or browse others' published packs (published=1)",
    security: SIGNED_IN,
    querystring: CanonPackQuery,
    response: { 200: z.union([CanonPackList, PublishedCanonPackList]) },
  };
  app.get("/api/canon-packs", { ...signedIn, schema: listSchema }, async (request) => {
    const user = requireUser(request);
    const { published, fandom } = request.query;
    if (published === "1" || published === "true")
      return browsePublishedPacks(request.db, user.id, fandom || undefined);
    return listOwnPacks(request.db, user.id);
  });

  const createSchema = {
    summary: "Start a canon pack for a fandom",
    security: SIGNED_IN,
    body: CanonPackCreate,
    response: { 201: CanonPack, ...errors(409) },
  };
  app.post("/api/canon-packs", { ...signedIn, schema: createSchema }, async (request, reply) => {
    const pack = await createPack(request.db, requireUser(request).id, request.body.fandom, now());
    return reply.status(201).send(pack);
  });

  const deleteSchema = {
    summary: "Delete your canon pack and its entries",
    security: SIGNED_IN,
    params: PackParams,
    response: { 204: NoContent },
  };
  app.delete("/api/canon-packs/:id", { ...signedIn, schema: deleteSchema }, async (request, reply) => {
    await deletePack(request.db, requireUser(request).id, parsePackId(request.params.id));
    return reply.status(204).send(null);
  });

  const packSchema = (summary: string) => ({
    summary,
    security: SIGNED_IN,
    params: PackParams,
    response: { 200: CanonPack },
  });
  app.post(
    "/api/canon-packs/:id/publish",
    { ...signedIn, schema: packSchema("Publish your canon pack for others in the fandom") },
    async (request) => publishPack(request.db, requireUser(request).id, parsePackId(request.params.id), now()),
  );

  app.post(
    "/api/canon-packs/:id/unpublish",
    { ...signedIn, schema: packSchema("Unpublish your canon pack") },
    async (request) => unpublishPack(request.db, requireUser(request).id, parsePackId(request.params.id), now()),
  );

  const copySchema = {
    summary: "Copy a published canon pack's entries into your own pack for its fandom",
    security: SIGNED_IN,
    params: PackParams,
    response: { 201: CanonCopyResult, ...errors(409) },
  };
  app.post("/api/canon-packs/:id/copy", { ...signedIn, schema: copySchema }, async (request, reply) => {
    const result = await copyPack(request.db, requireUser(request).id, parsePackId(request.params.id), now());
    return reply.status(201).send(result);
  });

  const entriesSchema = {
    summary: "List a canon pack's entries (yours, or a published pack you may see)",
    security: SIGNED_IN,
    params: PackParams,
    response: { 200: CanonEntryList },
  };
  app.get("/api/canon-packs/:id/lore", { ...signedIn, schema: entriesSchema }, async (request) => {
    const pack = await getVisiblePackOrThrow(request.db, parsePackId(request.params.id), requireUser(request).id);
    return { entries: await listPackEntries(request.db, pack.id) };
  });

  app.post(
    "/api/canon-packs/:id/lore",
    {
      ...signedIn,
      schema: {
        summary: "Add an entry to your canon pack",
        security: SIGNED_IN,
        params: PackParams,
        body: LoreEntryCreate,
        response: { 201: CanonEntry, ...errors(409) },
      },
    },
    async (request, reply) => {
      const pack = await getOwnPackOrThrow(request.db, parsePackId(request.params.id), requireUser(request).id);
      // Proposals are a story's; a pack's entry is added like any lorebook entry (lore/entries.ts).
      const { proposal: _, ...entry } = request.body;
      return reply.status(201).send(await createLoreEntry(request.db, { canonPackId: pack.id }, entry));
    },
  );
}
