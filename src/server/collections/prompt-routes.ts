// The prompt meme API (issue 33 section 3): open and close it, post, read and delete prompts, claim and unclaim,
// fill with a published work. A fill announces its notification and drops the work's cached pages when it became
// anonymous or hidden.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type ClaimState,
  type FillAnswer,
  type MyClaimsList,
  PromptCreate,
  type PromptCreated,
  PromptFillCreate,
  PromptListQuery,
  type PromptMemeAnswer,
  PromptMemeUpdate,
} from "../../shared/schemas/prompts";
import { requireUser, requireUserHook } from "../accounts/guards";
import type { FillDone } from "./prompt-fills";
import { fillPrompt } from "./prompt-fills";
import { listMyClaims, listPrompts, loadPromptView } from "./prompt-queries";
import { claimPrompt, createPrompt, deletePrompt, parsePromptId, setPromptMeme, unclaimPrompt } from "./prompts";

const NameParams = z.object({ name: z.string().max(100) });
const IdParams = z.object({ id: z.string().max(20) });
const signedIn = { onRequest: requireUserHook };

/**
 * After a committed fill: the email worker wakes for its notification; the work's page drops (it names its
 * collections), and the lists too when its anonymity changed.
 */
export function afterFill(app: FastifyInstance, done: Pick<FillDone, "storyId" | "anonymityChanged" | "notified">) {
  if (done.notified > 0) app.deps.emailWake.notify();
  app.readCache.invalidateStory(done.storyId);
  if (done.anonymityChanged) {
    app.readCache.invalidateDiscover();
    app.readCache.invalidateAuthors();
  }
}

export async function promptRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const now = () => root.deps.now();

  app.put(
    "/api/collections/:name/prompt-meme",
    { ...signedIn, schema: { params: NameParams, body: PromptMemeUpdate } },
    async (request) => {
      const user = requireUser(request);
      const state = await setPromptMeme(request.db, request.params.name, user.id, request.body.state, now());
      return { state } satisfies PromptMemeAnswer;
    },
  );

  app.post(
    "/api/collections/:name/prompts",
    { ...signedIn, schema: { params: NameParams, body: PromptCreate } },
    async (request, reply) => {
      const user = requireUser(request);
      const body = { text: request.body.text, tags: request.body.tags ?? [], anonymous: !!request.body.anonymous };
      const id = await createPrompt(request.db, request.params.name, user.id, body, now());
      return reply.status(201).send({ id } satisfies PromptCreated);
    },
  );

  app.get(
    "/api/collections/:name/prompts",
    { schema: { params: NameParams, querystring: PromptListQuery } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return listPrompts(request.db, request.params.name, request.user, request.query);
    },
  );

  app.get("/api/prompts/:id", { schema: { params: IdParams } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return loadPromptView(request.db, parsePromptId(request.params.id), request.user);
  });

  app.delete("/api/prompts/:id", { ...signedIn, schema: { params: IdParams } }, async (request, reply) => {
    await deletePrompt(request.db, parsePromptId(request.params.id), requireUser(request).id);
    return reply.status(204).send();
  });

  app.post("/api/prompts/:id/claims", { ...signedIn, schema: { params: IdParams } }, async (request) => {
    const user = requireUser(request);
    return (await claimPrompt(request.db, parsePromptId(request.params.id), user.id, now())) satisfies ClaimState;
  });

  app.delete("/api/prompts/:id/claims", { ...signedIn, schema: { params: IdParams } }, async (request) => {
    const user = requireUser(request);
    return (await unclaimPrompt(request.db, parsePromptId(request.params.id), user.id)) satisfies ClaimState;
  });

  app.get("/api/me/claims", signedIn, async (request) => {
    return { claims: await listMyClaims(request.db, requireUser(request).id) } satisfies MyClaimsList;
  });

  app.post(
    "/api/prompts/:id/fills",
    { ...signedIn, schema: { params: IdParams, body: PromptFillCreate } },
    async (request, reply) => {
      const user = requireUser(request);
      const promptId = parsePromptId(request.params.id);
      const done = await fillPrompt(request.db, user.id, request.body.storyId, promptId, now());
      afterFill(root, done);
      const answer: FillAnswer = { promptId, storyId: done.storyId, item: done.item };
      return reply.status(201).send(answer);
    },
  );
}
