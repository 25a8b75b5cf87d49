// Sign-up and email verification: POST /api/register, GET /api/verify-email, POST /api/resend-verification.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MessageAnswer, RegisterBody, ResendVerificationBody } from "../../shared/schemas/accounts";
import { errors, NoContent, PUBLIC } from "../http/api-doc";
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

  const registerSchema = {
    summary: "Create an account (a verification email follows)",
    security: PUBLIC,
    body: RegisterBody,
    response: { 200: MessageAnswer, ...errors(409) },
    "x-rate-limit": `${REGISTERS_PER_ADDRESS} per 15 minutes per address`,
  };
  r.post("/api/register", { onRequest: registerLimit, schema: registerSchema }, async (request) => {
    await registerUser(accountContext(request), request.body);
    return { message: REGISTERED_MESSAGE };
  });

  r.get(
    "/api/verify-email",
    {
      schema: {
        summary: "Open the link of the verification email (redirects to the app)",
        security: PUBLIC,
        querystring: z.object({ token: z.string().optional() }),
        response: { 302: NoContent },
      },
    },
    async (request, reply) => {
      const verified = await verifyEmail(request.db, request.query.token, app.deps.now());
      return reply.redirect(verifyRedirect(verified), 302);
    },
  );

  r.post(
    "/api/resend-verification",
    {
      onRequest: resendLimit,
      schema: {
        summary: "Send the verification email again",
        security: PUBLIC,
        body: ResendVerificationBody,
        response: { 200: MessageAnswer },
        "x-rate-limit": `${RESENDS_PER_ADDRESS} per 15 minutes per address; ${EMAILS_PER_ADDRESS} emails per 15 minutes per email address`,
      },
    },
    async (request) => {
      await resendVerification(accountContext(request), request.body.email, resendsPerAddress);
      return { message: RESENT_MESSAGE };
    },
  );
}
