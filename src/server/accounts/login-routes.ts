// Sign-in and sign-out: POST /api/login, POST /api/logout.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { LoginBody } from "../../shared/schemas/accounts";
import { clientAddress } from "./address-limit";
import { accountContext } from "./context";
import { createLoginGuard, logIn } from "./log-in";
import { presentSignIn } from "./present";
import { clearSessionCookie, destroySession, startSession } from "./sessions";
import { deviceTokens } from "./trusted-devices";

export async function loginRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = createLoginGuard(app.deps.database.db, app.deps.now);

  r.post("/api/login", { schema: { body: LoginBody } }, async (request, reply) => {
    const client = { address: clientAddress(request), deviceTokens: deviceTokens(request) };
    const user = await logIn(accountContext(request), request.body, client, guard);
    await startSession(request, reply, user.id);
    // NOTE: `user` was read before startSession stamped last_sign_in_at, so it still tells a first sign-in.
    return presentSignIn(user);
  });

  r.post("/api/logout", async (request, reply) => {
    if (request.sessionId) await destroySession(request.db, request.sessionId);
    clearSessionCookie(reply);
    return { success: true };
  });
}
