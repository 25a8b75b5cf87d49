// Sign-in and sign-out: POST /api/login, POST /api/logout.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { LoginBody } from "../../shared/schemas/accounts";
import { accountContext } from "./context";
import { createLoginGuard, logIn } from "./log-in";
import { presentUser } from "./present";
import { clearSessionCookie, destroySession, startSession } from "./sessions";

export async function loginRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = createLoginGuard(app.deps.database.db, app.deps.now);

  r.post("/api/login", { schema: { body: LoginBody } }, async (request, reply) => {
    const user = await logIn(accountContext(request), request.body, request.ip, guard);
    await startSession(request, reply, user.id);
    return presentUser(user);
  });

  r.post("/api/logout", async (request, reply) => {
    if (request.sessionId) await destroySession(request.db, request.sessionId);
    clearSessionCookie(reply);
    return { success: true };
  });
}
