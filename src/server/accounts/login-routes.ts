// Sign-in and sign-out: POST /api/login, POST /api/logout.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { LoginBody, SignInAnswer } from "../../shared/schemas/accounts";
import { OPTIONAL_SIGN_IN, PUBLIC } from "../http/api-doc";
import { clientAddress } from "./address-limit";
import { accountContext } from "./context";
import { createLoginGuard, logIn } from "./log-in";
import { presentSignIn } from "./present";
import { clearSessionCookie, destroySession, startSession } from "./sessions";
import { deviceTokens } from "./trusted-devices";

export async function loginRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = createLoginGuard(app.deps.database.db, app.deps.now);

  const loginSchema = {
    summary: "Sign in with email and password (sets the session cookie)",
    security: PUBLIC,
    body: LoginBody,
    response: { 200: SignInAnswer },
    "x-rate-limit": "10 failed sign-ins per 15 minutes per address and per account",
  };
  r.post("/api/login", { schema: loginSchema }, async (request, reply) => {
    const client = { address: clientAddress(request), deviceTokens: deviceTokens(request) };
    const user = await logIn(accountContext(request), request.body, client, guard);
    await startSession(request, reply, user.id);
    // NOTE: `user` was read before startSession stamped last_sign_in_at, so it still tells a first sign-in.
    return presentSignIn(user);
  });

  const logoutSchema = {
    summary: "Sign out of this browser",
    security: OPTIONAL_SIGN_IN,
    response: { 200: z.object({ success: z.literal(true) }) },
  };
  r.post("/api/logout", { schema: logoutSchema }, async (request, reply) => {
    if (request.sessionId) await destroySession(request.db, request.sessionId);
    clearSessionCookie(reply);
    return { success: true as const };
  });
}
