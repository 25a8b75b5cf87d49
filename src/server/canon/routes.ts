// Canon packs (issue 20, section 2; decision 0043). Every route needs a signed-in writer and acts for them: their own
// packs, or others' published packs they may see (read and copy only). Anything else answers 404. A pack's entries
// are listed and added here; they are changed and deleted through PATCH/DELETE /api/lore/{entryId} (lore/routes.ts).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type CanonEntryList, CanonPackCreate, CanonPackQuery } from "../../shared/schemas/canon";
import { LoreEntryCreate } from "../../shared/schemas/lore";
import { requireUser, requireUserHook } from "../accounts/guards";
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

  app.get("/api/canon-packs", { ...signedIn, schema: { querystring: CanonPackQuery } }, async (request) => {
    const user = requireUser(request);
    const { published, fandom } = request.query;
    if (published === "1" || published === "true")
      return browsePublishedPacks(request.db, user.id, fandom || undefined);
    return listOwnPacks(request.db, user.id);
  });

  app.post("/api/canon-packs", { ...signedIn, schema: { body: CanonPackCreate } }, async (request, reply) => {
    const pack = await createPack(request.db, requireUser(request).id, request.body.fandom, now());
    return reply.status(201).send(pack);
  });

  app.delete("/api/canon-packs/:id", { ...signedIn, schema: { params: PackParams } }, async (request, reply) => {
    await deletePack(request.db, requireUser(request).id, parsePackId(request.params.id));
    return reply.status(204).send();
  });

  app.post("/api/canon-packs/:id/publish", { ...signedIn, schema: { params: PackParams } }, async (request) =>
    publishPack(request.db, requireUser(request).id, parsePackId(request.params.id), now()),
  );

  app.post("/api/canon-packs/:id/unpublish", { ...signedIn, schema: { params: PackParams } }, async (request) =>
    unpublishPack(request.db, requireUser(request).id, parsePackId(request.params.id), now()),
  );

  app.post("/api/canon-packs/:id/copy", { ...signedIn, schema: { params: PackParams } }, async (request, reply) => {
    const result = await copyPack(request.db, requireUser(request).id, parsePackId(request.params.id), now());
    return reply.status(201).send(result);
  });

  app.get("/api/canon-packs/:id/lore", { ...signedIn, schema: { params: PackParams } }, async (request) => {
    const pack = await getVisiblePackOrThrow(request.db, parsePackId(request.params.id), requireUser(request).id);
    return { entries: await listPackEntries(request.db, pack.id) } satisfies CanonEntryList;
  });

  app.post(
    "/api/canon-packs/:id/lore",
    { ...signedIn, schema: { params: PackParams, body: LoreEntryCreate } },
    async (request, reply) => {
      const pack = await getOwnPackOrThrow(request.db, parsePackId(request.params.id), requireUser(request).id);
      // Proposals are a story's; a pack's entry is added like any lorebook entry (lore/entries.ts).
      const { proposal: _, ...entry } = request.body;
      return reply.status(201).send(await createLoreEntry(request.db, { canonPackId: pack.id }, entry));
    },
  );
}
