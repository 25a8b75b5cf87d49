// GET and PATCH /api/habits (issue 20, section 4): the signed-in writer's goal, today's words and streak.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { HabitsUpdate, HabitsView } from "../../shared/schemas/habits";
import { SIGNED_IN } from "../http/api-doc";
import { requireUser, requireUserHook } from "../accounts/guards";
import { getHabits, updateHabits } from "./habits";

export async function habitRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireUserHook);
  const now = () => root.deps.now();

  app.get(
    "/api/habits",
    {
      schema: {
        summary: "Your daily goal, today's words and streak",
        security: SIGNED_IN,
        response: { 200: HabitsView },
      },
    },
    async (request) => getHabits(request.db, requireUser(request).id, now()),
  );

  app.patch(
    "/api/habits",
    {
      schema: {
        summary: "Change your daily goal or time zone",
        security: SIGNED_IN,
        body: HabitsUpdate,
        response: { 200: HabitsView },
      },
    },
    async (request) => updateHabits(request.db, requireUser(request).id, request.body, now()),
  );
}
