// The gift exchange API (issue 33 section 2): settings, sign-ups, matching, assignments and pinch hits. Thin: parse,
// check who may, call the command, answer its view.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ASSIGNMENT_NOT_FOUND,
  AssignmentsSent,
  ExchangeSettings,
  ExchangeView,
  FulfilBody,
  GiftPosted,
  MatchingView,
  MyAssignmentView,
  PairChange,
  PinchHitBody,
  PinchHitCreated,
  SIGNUP_NOT_FOUND,
  SignupBody,
  SignupView,
} from "../../shared/schemas/exchange";
import { errors, NoContent, OPTIONAL_SIGN_IN, SIGNED_IN } from "../http/api-doc";
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

  app.get(
    "/api/collections/:name/exchange",
    {
      schema: {
        summary: "Show a collection's gift exchange: dates, rules and where it stands",
        security: OPTIONAL_SIGN_IN,
        params: NameParams,
        response: { 200: ExchangeView },
      },
    },
    async (request, reply) => {
      const collection = await getCollectionOrThrow(request.db, request.params.name);
      reply.header("cache-control", "private, no-store");
      return exchangeView(request.db, collection, request.user?.id, now());
    },
  );

  app.put(
    "/api/collections/:name/exchange",
    {
      ...signedIn,
      schema: {
        summary: "Set up or change a collection's gift exchange (maintainers)",
        security: SIGNED_IN,
        params: NameParams,
        body: ExchangeSettings,
        response: { 200: ExchangeView, ...errors(409) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const collection = await requireMaintainer(request.db, request.params.name, user.id);
      await saveExchange(request.db, collection, request.body, now());
      return exchangeView(request.db, collection, user.id, now());
    },
  );

  app.post(
    "/api/collections/:name/signups",
    {
      ...signedIn,
      schema: {
        summary: "Sign up for a gift exchange",
        security: SIGNED_IN,
        params: NameParams,
        body: SignupBody,
        response: { 201: SignupView, ...errors(409) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const collection = await getCollectionOrThrow(request.db, request.params.name);
      const view = await saveSignup(request.db, collection, user.id, request.body, now(), "create");
      return reply.status(201).send(view);
    },
  );

  for (const path of ["/api/collections/:name/signups", "/api/collections/:name/signups/me"]) {
    app.put(
      path,
      {
        ...signedIn,
        schema: {
          summary: "Edit your sign-up while sign-ups are open",
          security: SIGNED_IN,
          params: NameParams,
          body: SignupBody,
          response: { 200: SignupView, ...errors(409) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const collection = await getCollectionOrThrow(request.db, request.params.name);
        return saveSignup(request.db, collection, user.id, request.body, now(), "edit");
      },
    );
    app.delete(
      path,
      {
        ...signedIn,
        schema: {
          summary: "Withdraw your sign-up while sign-ups are open",
          security: SIGNED_IN,
          params: NameParams,
          response: { 204: NoContent, ...errors(409) },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const collection = await getCollectionOrThrow(request.db, request.params.name);
        await withdrawSignup(request.db, collection, user.id, now());
        return reply.status(204).send(null);
      },
    );
  }

  app.get(
    "/api/collections/:name/signups",
    {
      ...signedIn,
      schema: {
        summary: "List a gift exchange's sign-ups (maintainers)",
        security: SIGNED_IN,
        params: NameParams,
        response: { 200: z.array(SignupView) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const collection = await requireMaintainer(request.db, request.params.name, user.id);
      await getExchangeOrThrow(request.db, collection.id);
      return listSignups(request.db, collection.id);
    },
  );

  app.get(
    "/api/collections/:name/signups/me",
    {
      ...signedIn,
      schema: {
        summary: "Show your sign-up for a gift exchange",
        security: SIGNED_IN,
        params: NameParams,
        response: { 200: SignupView },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const collection = await getCollectionOrThrow(request.db, request.params.name);
      const [mine] = await listSignups(request.db, collection.id, user.id);
      if (!mine) throw notFound(SIGNUP_NOT_FOUND);
      return mine;
    },
  );

  app.post(
    "/api/collections/:name/matching",
    {
      ...signedIn,
      schema: {
        summary: "Run a gift exchange's matching once sign-ups have closed (maintainers)",
        security: SIGNED_IN,
        params: NameParams,
        response: { 200: MatchingView, ...errors(409) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const collection = await requireMaintainer(request.db, request.params.name, user.id);
      await runMatching(request.db, collection, now());
      return matchingView(request.db, collection);
    },
  );

  app.get(
    "/api/collections/:name/matching",
    {
      ...signedIn,
      schema: {
        summary: "Show a gift exchange's proposed pairs (maintainers)",
        security: SIGNED_IN,
        params: NameParams,
        response: { 200: MatchingView },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const collection = await requireMaintainer(request.db, request.params.name, user.id);
      return matchingView(request.db, collection);
    },
  );

  app.put(
    "/api/collections/:name/matching/:giver",
    {
      ...signedIn,
      schema: {
        summary: "Choose who a participant writes for, before assignments are sent (maintainers)",
        security: SIGNED_IN,
        params: GiverParams,
        body: PairChange,
        response: { 200: MatchingView, ...errors(409) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const collection = await requireMaintainer(request.db, request.params.name, user.id);
      await changePair(request.db, collection, request.params.giver, request.body.recipient, now());
      return matchingView(request.db, collection);
    },
  );

  app.delete(
    "/api/collections/:name/matching/:giver",
    {
      ...signedIn,
      schema: {
        summary: "Leave a participant without a recipient, before assignments are sent (maintainers)",
        security: SIGNED_IN,
        params: GiverParams,
        response: { 200: MatchingView, ...errors(409) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const collection = await requireMaintainer(request.db, request.params.name, user.id);
      await changePair(request.db, collection, request.params.giver, null, now());
      return matchingView(request.db, collection);
    },
  );

  app.post(
    "/api/collections/:name/assignments/send",
    {
      ...signedIn,
      schema: {
        summary: "Send a gift exchange's assignments to their givers (maintainers)",
        security: SIGNED_IN,
        params: NameParams,
        response: { 200: AssignmentsSent, ...errors(409) },
      },
    },
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
    {
      ...signedIn,
      schema: {
        summary: "Give an open or defaulted assignment to a pinch hitter (maintainers)",
        security: SIGNED_IN,
        params: NameIdParams,
        body: PinchHitBody,
        response: { 201: PinchHitCreated, ...errors(409) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const collection = await requireMaintainer(request.db, request.params.name, user.id);
      const id = assignmentId(request.params.id);
      const created = await assignPinchHit(request.db, collection, id, request.body.username, now());
      wakeEmail();
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/api/me/assignments",
    {
      ...signedIn,
      schema: {
        summary: "List your gift exchange assignments",
        security: SIGNED_IN,
        response: { 200: z.array(MyAssignmentView) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header("cache-control", "private, no-store");
      return myAssignments(request.db, user.id);
    },
  );

  app.post(
    "/api/me/assignments/:id/fulfil",
    {
      ...signedIn,
      schema: {
        summary: "Post your published work as the gift of your assignment",
        security: SIGNED_IN,
        params: IdParams,
        body: FulfilBody,
        response: { 200: GiftPosted, ...errors(409) },
      },
    },
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

  app.post(
    "/api/me/assignments/:id/default",
    {
      ...signedIn,
      schema: {
        summary: "Step back from your assignment before posting",
        security: SIGNED_IN,
        params: IdParams,
        response: { 204: NoContent, ...errors(409) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await defaultAssignment(request.db, user.id, assignmentId(request.params.id), now());
      return reply.status(204).send(null);
    },
  );
}
