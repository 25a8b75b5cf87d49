// The gift exchange API (issue 33 section 2): settings, sign-ups, matching, assignments and pinch hits. Thin: parse,
// check who may, call the command, answer its view.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ASSIGNMENT_NOT_FOUND,
  ExchangeSettings,
  FulfilBody,
  PairChange,
  PinchHitBody,
  SIGNUP_NOT_FOUND,
  SignupBody,
} from "../../shared/schemas/exchange";
import { requireUser, requireUserHook } from "../accounts/guards";
import { notFound } from "../errors";
import { getCollectionOrThrow, requireMaintainer } from "./access";
import {
  assignPinchHit,
  defaultAssignment,
  fulfilAssignment,
  myAssignments,
  sendAssignments,
} from "./exchange-assignments";
import { changePair, matchingView, runMatching } from "./exchange-matching";
import { exchangeView, getExchangeOrThrow, saveExchange } from "./exchange-settings";
import { listSignups, saveSignup, withdrawSignup } from "./exchange-signups";

const NameParams = z.object({ name: z.string().max(100) });
const GiverParams = NameParams.extend({ giver: z.string().max(100) });
const NameIdParams = NameParams.extend({ id: z.string().max(12) });
const IdParams = z.object({ id: z.string().max(12) });
const signedIn = { onRequest: requireUserHook };

const assignmentId = (raw: string) => {
  if (!/^\d{1,9}$/.test(raw)) throw notFound(ASSIGNMENT_NOT_FOUND);
  return Number(raw);
};

export async function exchangeRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const now = () => root.deps.now();
  const wakeEmail = () => root.deps.emailWake.notify();

  app.get("/api/collections/:name/exchange", { schema: { params: NameParams } }, async (request, reply) => {
    const collection = await getCollectionOrThrow(request.db, request.params.name);
    reply.header("cache-control", "private, no-store");
    return exchangeView(request.db, collection, request.user?.id, now());
  });

  app.put(
    "/api/collections/:name/exchange",
    { ...signedIn, schema: { params: NameParams, body: ExchangeSettings } },
    async (request) => {
      const user = requireUser(request);
      const collection = await requireMaintainer(request.db, request.params.name, user.id);
      await saveExchange(request.db, collection, request.body, now());
      return exchangeView(request.db, collection, user.id, now());
    },
  );

  app.post(
    "/api/collections/:name/signups",
    { ...signedIn, schema: { params: NameParams, body: SignupBody } },
    async (request, reply) => {
      const user = requireUser(request);
      const collection = await getCollectionOrThrow(request.db, request.params.name);
      const view = await saveSignup(request.db, collection, user.id, request.body, now(), "create");
      return reply.status(201).send(view);
    },
  );

  for (const path of ["/api/collections/:name/signups", "/api/collections/:name/signups/me"]) {
    app.put(path, { ...signedIn, schema: { params: NameParams, body: SignupBody } }, async (request) => {
      const user = requireUser(request);
      const collection = await getCollectionOrThrow(request.db, request.params.name);
      return saveSignup(request.db, collection, user.id, request.body, now(), "edit");
    });
    app.delete(path, { ...signedIn, schema: { params: NameParams } }, async (request, reply) => {
      const user = requireUser(request);
      const collection = await getCollectionOrThrow(request.db, request.params.name);
      await withdrawSignup(request.db, collection, user.id, now());
      return reply.status(204).send();
    });
  }

  app.get("/api/collections/:name/signups", { ...signedIn, schema: { params: NameParams } }, async (request) => {
    const user = requireUser(request);
    const collection = await requireMaintainer(request.db, request.params.name, user.id);
    await getExchangeOrThrow(request.db, collection.id);
    return listSignups(request.db, collection.id);
  });

  app.get("/api/collections/:name/signups/me", { ...signedIn, schema: { params: NameParams } }, async (request) => {
    const user = requireUser(request);
    const collection = await getCollectionOrThrow(request.db, request.params.name);
    const [mine] = await listSignups(request.db, collection.id, user.id);
    if (!mine) throw notFound(SIGNUP_NOT_FOUND);
    return mine;
  });

  app.post("/api/collections/:name/matching", { ...signedIn, schema: { params: NameParams } }, async (request) => {
    const user = requireUser(request);
    const collection = await requireMaintainer(request.db, request.params.name, user.id);
    await runMatching(request.db, collection, now());
    return matchingView(request.db, collection);
  });

  app.get("/api/collections/:name/matching", { ...signedIn, schema: { params: NameParams } }, async (request) => {
    const user = requireUser(request);
    const collection = await requireMaintainer(request.db, request.params.name, user.id);
    return matchingView(request.db, collection);
  });

  app.put(
    "/api/collections/:name/matching/:giver",
    { ...signedIn, schema: { params: GiverParams, body: PairChange } },
    async (request) => {
      const user = requireUser(request);
      const collection = await requireMaintainer(request.db, request.params.name, user.id);
      await changePair(request.db, collection, request.params.giver, request.body.recipient, now());
      return matchingView(request.db, collection);
    },
  );

  app.delete(
    "/api/collections/:name/matching/:giver",
    { ...signedIn, schema: { params: GiverParams } },
    async (request) => {
      const user = requireUser(request);
      const collection = await requireMaintainer(request.db, request.params.name, user.id);
      await changePair(request.db, collection, request.params.giver, null, now());
      return matchingView(request.db, collection);
    },
  );

  app.post(
    "/api/collections/:name/assignments/send",
    { ...signedIn, schema: { params: NameParams } },
    async (request) => {
      const user = requireUser(request);
      const collection = await requireMaintainer(request.db, request.params.name, user.id);
      const sent = await sendAssignments(request.db, collection, now());
      wakeEmail();
      return sent;
    },
  );

  app.post(
    "/api/collections/:name/assignments/:id/pinch-hit",
    { ...signedIn, schema: { params: NameIdParams, body: PinchHitBody } },
    async (request, reply) => {
      const user = requireUser(request);
      const collection = await requireMaintainer(request.db, request.params.name, user.id);
      const id = assignmentId(request.params.id);
      const created = await assignPinchHit(request.db, collection, id, request.body.username, now());
      wakeEmail();
      return reply.status(201).send(created);
    },
  );

  app.get("/api/me/assignments", signedIn, async (request, reply) => {
    const user = requireUser(request);
    reply.header("cache-control", "private, no-store");
    return myAssignments(request.db, user.id);
  });

  app.post(
    "/api/me/assignments/:id/fulfil",
    { ...signedIn, schema: { params: IdParams, body: FulfilBody } },
    async (request) => {
      const user = requireUser(request);
      const posted = await fulfilAssignment(
        request.db,
        user.id,
        assignmentId(request.params.id),
        request.body.storyId,
        now(),
      );
      // The work's pages now carry the collection and the gift.
      root.readCache.invalidateStory(posted.storyId);
      root.readCache.invalidateAuthors();
      wakeEmail();
      return posted;
    },
  );

  app.post("/api/me/assignments/:id/default", { ...signedIn, schema: { params: IdParams } }, async (request, reply) => {
    const user = requireUser(request);
    await defaultAssignment(request.db, user.id, assignmentId(request.params.id), now());
    return reply.status(204).send();
  });
}
