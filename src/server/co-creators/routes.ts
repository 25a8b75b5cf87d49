// Co-creators (issue 30, section 2): invitations, answers, leaving and removing, the list, and the Settings switch.
// All need a signed-in user. The notifications are written after the command commits, in the request (keyed by the
// invitation, so a retry cannot send twice); a change to who is named drops the work's cached views.
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CO_CREATOR_MESSAGES,
  CoCreatorAnswerResult,
  CoCreatorInvite,
  CoCreatorInvited,
  CoCreatorInvitesSetting,
  CoCreatorsAnswer,
} from "../../shared/schemas/co-creators";
import { requireUser, requireUserHook } from "../accounts/guards";
import { sessionsChanged } from "../accounts/session-cache";
import { users } from "../db/schema";
import { notFound } from "../errors";
import { errors, NoContent, SIGNED_IN } from "../http/api-doc";
import { parseStoryId } from "../stories/story-queries";
import { answerInvitation, inviteCoCreator, leaveStory, listCoCreators, removeCoCreator } from "./invitations";
import { notifyAnswer, notifyInvitation } from "./notify";

const IdParams = z.object({ id: z.string() });
const MemberParams = z.object({ id: z.string(), userId: z.string() });

function parseInvitationId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound(CO_CREATOR_MESSAGES.invitationNotFound);
  return Number(raw);
}

export async function coCreatorRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireUserHook);
  const { events } = root.deps;
  const now = () => root.deps.now();
  const wakeEmail = (inserted: number) => {
    if (inserted > 0) root.deps.emailWake.notify();
  };
  const namedChanged = (storyId: number) => events.emit("story.co_creators_changed", { storyId });

  app.get(
    "/api/stories/:id/co-creators",
    {
      schema: {
        summary: "List a work's creator and co-creators",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: CoCreatorsAnswer },
      },
    },
    async (request) => listCoCreators(request.db, requireUser(request), parseStoryId(request.params.id)),
  );

  app.post(
    "/api/stories/:id/co-creators",
    {
      schema: {
        summary: "Invite a co-creator to your work",
        security: SIGNED_IN,
        params: IdParams,
        body: CoCreatorInvite,
        response: { 201: CoCreatorInvited, ...errors(409) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const storyId = parseStoryId(request.params.id);
      const invitation = await inviteCoCreator(request.db, user, storyId, request.body.username, now());
      wakeEmail(await notifyInvitation(request.db, invitation.id));
      return reply.status(201).send(invitation);
    },
  );

  for (const answer of ["accept", "decline"] as const) {
    const schema = {
      summary: answer === "accept" ? "Accept a co-creator invitation" : "Decline a co-creator invitation",
      security: SIGNED_IN,
      params: IdParams,
      response: { 200: CoCreatorAnswerResult, ...errors(409) },
    };
    app.post(`/api/co-creator-invitations/:id/${answer}`, { schema }, async (request) => {
      const user = requireUser(request);
      const state = answer === "accept" ? "accepted" : "declined";
      const result = await answerInvitation(request.db, user, parseInvitationId(request.params.id), state, now());
      if (result.changed) {
        wakeEmail(await notifyAnswer(request.db, result.id));
        if (state === "accepted") await namedChanged(result.storyId);
      }
      const { changed: _, ...answered } = result;
      return answered;
    });
  }

  const leave = {
    summary: "Leave a work you co-create",
    security: SIGNED_IN,
    params: IdParams,
    response: { 204: NoContent },
  };
  app.delete("/api/stories/:id/co-creators/me", { schema: leave }, async (request, reply) => {
    const storyId = parseStoryId(request.params.id);
    const { wasAccepted } = await leaveStory(request.db, requireUser(request), storyId);
    if (wasAccepted) await namedChanged(storyId);
    return reply.status(204).send(null);
  });

  const remove = {
    summary: "Remove a co-creator, or withdraw their invitation",
    security: SIGNED_IN,
    params: MemberParams,
    response: { 204: NoContent },
  };
  app.delete("/api/stories/:id/co-creators/:userId", { schema: remove }, async (request, reply) => {
    const storyId = parseStoryId(request.params.id);
    if (!/^\d{1,9}$/.test(request.params.userId)) throw notFound(CO_CREATOR_MESSAGES.coCreatorNotFound);
    const userId = Number(request.params.userId);
    const { wasAccepted } = await removeCoCreator(request.db, requireUser(request), storyId, userId);
    if (wasAccepted) await namedChanged(storyId);
    return reply.status(204).send(null);
  });

  // Settings: whether others may invite the user. Kept on the user's row, so the cached sessions are told.
  app.get(
    "/api/me/co-creator-invites",
    {
      schema: {
        summary: "Whether others may invite you as a co-creator",
        security: SIGNED_IN,
        response: { 200: CoCreatorInvitesSetting },
      },
    },
    async (request) => ({
      allow: requireUser(request).coCreatorInvites,
    }),
  );
  const setting = {
    summary: "Allow or refuse co-creator invitations",
    security: SIGNED_IN,
    body: CoCreatorInvitesSetting,
    response: { 200: CoCreatorInvitesSetting },
  };
  app.put("/api/me/co-creator-invites", { schema: setting }, async (request) => {
    const user = requireUser(request);
    await request.db.update(users).set({ coCreatorInvites: request.body.allow }).where(eq(users.id, user.id));
    await sessionsChanged(request.db, { userId: user.id });
    return { allow: request.body.allow };
  });
}
