// Sign-up and email verification: POST /api/register, GET /api/verify-email, POST /api/resend-verification.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { RegisterBody, ResendVerificationBody } from "../../shared/schemas/accounts";
import { limitPerAddress } from "./address-limit";
import { accountContext } from "./context";
import { registerUser } from "./register-user";
import { resendVerification } from "./send-verification";
import { createThrottle } from "./throttle";
import { verifyEmail, verifyRedirect } from "./verify-email";

export const REGISTERED_MESSAGE = "Please check your email to verify your account.";
export const RESENT_MESSAGE =
  "If that email belongs to an account that still needs verifying, a new verification link is on its way.";

const FIFTEEN_MINUTES = 15 * 60 * 1000;
// Per client address. Generous enough for a classroom behind one address (and the e2e suite), tight enough to stop scripts.
const REGISTERS_PER_ADDRESS = 50;
const RESENDS_PER_ADDRESS = 10;
// Per email address, so nobody can flood someone's inbox from many IPs.
const EMAILS_PER_ADDRESS = 3;

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const resendsPerAddress = createThrottle(
    app.deps.database.db,
    "verify-email",
    EMAILS_PER_ADDRESS,
    FIFTEEN_MINUTES,
    app.deps.now,
  );
  const registerLimit = limitPerAddress(app, "register-ip", REGISTERS_PER_ADDRESS, FIFTEEN_MINUTES);
  const resendLimit = limitPerAddress(app, "resend-ip", RESENDS_PER_ADDRESS, FIFTEEN_MINUTES);

  r.post("/api/register", { onRequest: registerLimit, schema: { body: RegisterBody } }, async (request) => {
    await registerUser(accountContext(request), request.body);
    return { message: REGISTERED_MESSAGE };
  });

  r.get(
    "/api/verify-email",
    { schema: { querystring: z.object({ token: z.string().optional() }) } },
    async (request, reply) => {
      const verified = await verifyEmail(request.db, request.query.token, app.deps.now());
      return reply.redirect(verifyRedirect(verified), 302);
    },
  );

  r.post(
    "/api/resend-verification",
    { onRequest: resendLimit, schema: { body: ResendVerificationBody } },
    async (request) => {
      await resendVerification(accountContext(request), request.body.email, resendsPerAddress);
      return { message: RESENT_MESSAGE };
    },
  );
}
