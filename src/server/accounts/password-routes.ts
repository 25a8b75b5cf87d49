// Password reset: POST /api/forgot-password, POST /api/reset-password.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ForgotPasswordBody, MessageAnswer, ResetPasswordBody } from "../../shared/schemas/accounts";
import { PUBLIC } from "../http/api-doc";
import { limitPerAddress } from "./address-limit";
import { passwordChangedEmail } from "../mail/templates";
import { accountContext, sendAccountEmail } from "./context";
import { requestPasswordReset, resetPassword } from "./password-reset";
import { passwordCost } from "./passwords";
import { createThrottle } from "./throttle";

export const FORGOT_MESSAGE = "If an account exists for that email, we sent a link to reset your password.";
export const RESET_MESSAGE = "Your password has been reset. You can now sign in with your new password.";

const FIFTEEN_MINUTES = 15 * 60 * 1000;
// Per client address.
const FORGOTS_PER_ADDRESS = 10;
const RESETS_PER_ADDRESS = 20;
// Per email address, so nobody can flood someone's inbox from many IPs.
const EMAILS_PER_ADDRESS = 3;

export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const resetsPerAddress = createThrottle(
    app.deps.database.db,
    "reset-email",
    EMAILS_PER_ADDRESS,
    FIFTEEN_MINUTES,
    app.deps.now,
  );
  const forgotLimit = limitPerAddress(app, "forgot-ip", FORGOTS_PER_ADDRESS, FIFTEEN_MINUTES);
  const resetLimit = limitPerAddress(app, "reset-ip", RESETS_PER_ADDRESS, FIFTEEN_MINUTES);

  const forgotSchema = {
    summary: "Email a link to reset your password",
    security: PUBLIC,
    body: ForgotPasswordBody,
    response: { 200: MessageAnswer },
    "x-rate-limit": `${FORGOTS_PER_ADDRESS} per 15 minutes per address; ${EMAILS_PER_ADDRESS} emails per 15 minutes per email address`,
  };
  r.post("/api/forgot-password", { onRequest: forgotLimit, schema: forgotSchema }, async (request) => {
    await requestPasswordReset(accountContext(request), request.body.email, resetsPerAddress);
    return { message: FORGOT_MESSAGE };
  });

  const resetSchema = {
    summary: "Set a new password with the emailed link's token",
    security: PUBLIC,
    body: ResetPasswordBody,
    response: { 200: MessageAnswer },
    "x-rate-limit": `${RESETS_PER_ADDRESS} per 15 minutes per address`,
  };
  r.post("/api/reset-password", { onRequest: resetLimit, schema: resetSchema }, async (request) => {
    const { token, password } = request.body;
    const reset = await resetPassword(request.db, token, password, app.deps.now(), passwordCost(app.deps.config));
    // The owner learns that an email change someone asked for with the old password died with it.
    if (reset.cancelledEmailChanges.length > 0) {
      const ctx = accountContext(request);
      sendAccountEmail(ctx, passwordChangedEmail(reset.email, reset.username, true, reset.cancelledEmailChanges));
    }
    return { message: RESET_MESSAGE };
  });
}
