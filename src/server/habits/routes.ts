// GET and PATCH /api/habits (issue 20, section 4): the signed-in writer's goal, today's words and streak.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { HabitsUpdate, type HabitsView } from "../../shared/schemas/habits";
import { requireUser, requireUserHook } from "../accounts/guards";
import { getHabits, updateHabits } from "./habits";

export async function habitRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireUserHook);
  const now = () => root.deps.now();

  app.get("/api/habits", async (request): Promise<HabitsView> => getHabits(request.db, requireUser(request).id, now()));

  app.patch(
    "/api/habits",
    { schema: { body: HabitsUpdate } },
    async (request): Promise<HabitsView> => updateHabits(request.db, requireUser(request).id, request.body, now()),
  );
}
