// Reports, blocks and mutes (issue 18, section 1). All need a signed-in user and act only for that user: nothing in
// a request names whose report, block or mute it is.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  BlockState,
  HiddenPeople,
  MuteState,
  PersonNameParams,
  ReportCreate,
  ReportReceipt,
} from "../../shared/schemas/safety";
import { errors, SIGNED_IN } from "../http/api-doc";
import { requireUser, requireUserHook } from "../accounts/guards";
import type { HideKind } from "../db/schema";
import { AppError } from "../errors";
import { stripControlChars } from "../content/sanitize-content";
import { getUserByNameOrThrow, hidePerson, listHiddenPeople, unhidePerson } from "./blocks";
import { createReport } from "./reports";

const signedIn = { onRequest: requireUserHook };

export async function safetyRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const now = () => root.deps.now();

  const reportSchema = {
    summary: "Report a story, chapter, comment or person to the moderators",
    security: SIGNED_IN,
    body: ReportCreate,
    // 200: a repeat of an open report, received again.
    response: { 200: ReportReceipt, 201: ReportReceipt, ...errors(404) },
    "x-rate-limit": "20 reports per hour per account",
  };
  app.post("/api/reports", { ...signedIn, schema: reportSchema }, async (request, reply) => {
    const user = requireUser(request);
    const details = stripControlChars(request.body.details).trim();
    const added = await createReport(request.db, user, { ...request.body, details }, now).catch((error) => {
      if (error instanceof AppError && typeof error.extra.retryAfter === "number") {
        reply.header("retry-after", String(error.extra.retryAfter));
      }
      throw error;
    });
    // A repeat of an open report: received again (200), without a second row.
    return reply.status(added ? 201 : 200).send({ received: true } satisfies ReportReceipt);
  });

  const listSchema = {
    summary: "The people you blocked and muted",
    security: SIGNED_IN,
    response: { 200: HiddenPeople },
  };
  app.get("/api/blocks", { ...signedIn, schema: listSchema }, async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    return listHiddenPeople(request.db, requireUser(request).id);
  });

  async function change(request: FastifyRequest<{ Params: { name: string } }>, kind: HideKind, on: boolean) {
    const user = requireUser(request);
    const other = await getUserByNameOrThrow(request.db, request.params.name);
    if (on) await hidePerson(request.db, user.id, other.id, kind, now());
    else await unhidePerson(request.db, user.id, other.id, kind);
    // A block may remove a follow: the author pages' follower counts change.
    if (kind === "block") {
      await root.deps.events.emit(on ? "user.blocked" : "user.unblocked", { userId: user.id, blockedId: other.id });
    }
  }
  const byName = (summary: string, state: typeof BlockState | typeof MuteState) => ({
    ...signedIn,
    schema: { summary, security: SIGNED_IN, params: PersonNameParams, response: { 200: state } },
  });
  const answer = (reply: FastifyReply, body: BlockState | MuteState) =>
    reply.header("cache-control", "private, no-store").send(body);
  app.post("/api/blocks/:name", byName("Block a person", BlockState), async (request, reply) => {
    await change(request, "block", true);
    return answer(reply, { blocked: true });
  });
  app.delete("/api/blocks/:name", byName("Unblock a person", BlockState), async (request, reply) => {
    await change(request, "block", false);
    return answer(reply, { blocked: false });
  });
  app.post("/api/mutes/:name", byName("Mute a person", MuteState), async (request, reply) => {
    await change(request, "mute", true);
    return answer(reply, { muted: true });
  });
  app.delete("/api/mutes/:name", byName("Unmute a person", MuteState), async (request, reply) => {
    await change(request, "mute", false);
    return answer(reply, { muted: false });
  });
}
