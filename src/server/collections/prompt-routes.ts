// The prompt meme API (issue 33 section 3): open and close it, post, read and delete prompts, claim and unclaim,
// fill with a published work. A fill announces its notification and drops the work's cached pages when it became
// anonymous or hidden.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ClaimState,
  FillAnswer,
  MyClaimsList,
  PromptCreate,
  PromptCreated,
  PromptFillCreate,
  PromptList,
  PromptListQuery,
  PromptMemeAnswer,
  PromptMemeUpdate,
  PromptView,
} from "../../shared/schemas/prompts";
import { errors, NoContent, OPTIONAL_SIGN_IN, SIGNED_IN } from "../http/api-doc";
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
    {
      ...signedIn,
      schema: {
        summary: "Open, close or end a collection's prompt meme (maintainers)",
        security: SIGNED_IN,
        params: NameParams,
        body: PromptMemeUpdate,
        response: { 200: PromptMemeAnswer },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const state = await setPromptMeme(request.db, request.params.name, user.id, request.body.state, now());
      return { state } satisfies PromptMemeAnswer;
    },
  );

  app.post(
    "/api/collections/:name/prompts",
    {
      ...signedIn,
      schema: {
        summary: "Post a prompt to a collection's prompt meme",
        security: SIGNED_IN,
        params: NameParams,
        body: PromptCreate,
        response: { 201: PromptCreated, ...errors(409) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = { text: request.body.text, tags: request.body.tags ?? [], anonymous: !!request.body.anonymous };
      const id = await createPrompt(request.db, request.params.name, user.id, body, now());
      return reply.status(201).send({ id } satisfies PromptCreated);
    },
  );

  app.get(
    "/api/collections/:name/prompts",
    {
      schema: {
        summary: "List a prompt meme's prompts, newest first",
        security: OPTIONAL_SIGN_IN,
        params: NameParams,
        querystring: PromptListQuery,
        response: { 200: PromptList },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return listPrompts(request.db, request.params.name, request.user, request.query);
    },
  );

  app.get(
    "/api/prompts/:id",
    {
      schema: {
        summary: "Show a prompt with its claims and fills",
        security: OPTIONAL_SIGN_IN,
        params: IdParams,
        response: { 200: PromptView },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return loadPromptView(request.db, parsePromptId(request.params.id), request.user);
    },
  );

  app.delete(
    "/api/prompts/:id",
    {
      ...signedIn,
      schema: {
        summary: "Delete a prompt that has no fills (its poster or a maintainer)",
        security: SIGNED_IN,
        params: IdParams,
        response: { 204: NoContent, ...errors(409) },
      },
    },
    async (request, reply) => {
      await deletePrompt(request.db, parsePromptId(request.params.id), requireUser(request).id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/prompts/:id/claims",
    {
      ...signedIn,
      schema: {
        summary: "Claim a prompt (several writers may)",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: ClaimState, ...errors(409) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return (await claimPrompt(request.db, parsePromptId(request.params.id), user.id, now())) satisfies ClaimState;
    },
  );

  app.delete(
    "/api/prompts/:id/claims",
    {
      ...signedIn,
      schema: {
        summary: "Let your claim on a prompt go",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: ClaimState },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return (await unclaimPrompt(request.db, parsePromptId(request.params.id), user.id)) satisfies ClaimState;
    },
  );

  app.get(
    "/api/me/claims",
    {
      ...signedIn,
      schema: {
        summary: "List the prompts you claimed, with your works filling them",
        security: SIGNED_IN,
        response: { 200: MyClaimsList },
      },
    },
    async (request) => {
      return { claims: await listMyClaims(request.db, requireUser(request).id) } satisfies MyClaimsList;
    },
  );

  app.post(
    "/api/prompts/:id/fills",
    {
      ...signedIn,
      schema: {
        summary: "Fill a prompt with your published work",
        security: SIGNED_IN,
        params: IdParams,
        body: PromptFillCreate,
        response: { 201: FillAnswer, ...errors(409) },
      },
    },
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
