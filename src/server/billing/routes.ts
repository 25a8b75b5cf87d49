// POST /api/create-subscription-session and POST /api/create-customer-portal, and the demo
// driver's local checkout and portal pages.
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ALREADY_PREMIUM,
  CheckoutSessionAnswer,
  NO_SUBSCRIPTION,
  PortalAnswer,
  SUBSCRIPTION_PARAM,
} from "../../shared/schemas/billing";
import { ErrorBody, errors, SIGNED_IN } from "../http/api-doc";
import { ROUTES } from "../../shared/routes";
import { rateLimited } from "../accounts/address-limit";
import { requireUser, requireUserHook } from "../accounts/guards";
import { createThrottle } from "../accounts/throttle";
import { AppError } from "../errors";
import { isDemoPayments } from "./demo-payments";
import { demoPaymentRoutes } from "./demo-routes";
import { ProviderError } from "./provider-error";
import { named } from "../http/named-plugin";

/** Checkout sessions a user may start per window (each one may create a provider-side session). */
export const CHECKOUTS_PER_WINDOW = 10;
const CHECKOUT_WINDOW_MS = 10 * 60 * 1000;
export const TOO_MANY_CHECKOUTS = "Too many checkout attempts. Please try again in a few minutes.";

/** Runs a provider call; a refusal is logged with its details (the answer carries only the user-safe message). */
async function callProvider<T>(log: FastifyBaseLogger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderError) log.warn({ provider: error.detail }, "payment provider refused");
    throw error;
  }
}

export async function billingRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { config, payments, now } = root.deps;
  const upgradeUrl = (result: "success" | "canceled") =>
    `${config.APP_URL}${ROUTES.upgrade}?${SUBSCRIPTION_PARAM}=${result}`;
  const checkouts = createThrottle(root.deps.database.db, "checkout", CHECKOUTS_PER_WINDOW, CHECKOUT_WINDOW_MS, now);

  // The body is empty (anything sent is ignored).
  // NOTE: 502 when the payment provider refuses (its message for the customer, if any).
  const checkoutSchema = {
    summary: "Start a FicForge Plus checkout (go to the answer's url)",
    security: SIGNED_IN,
    response: { 200: CheckoutSessionAnswer, ...errors(409), 502: ErrorBody },
    "x-rate-limit": `${CHECKOUTS_PER_WINDOW} per 10 minutes per account`,
  };
  app.post(
    "/api/create-subscription-session",
    { onRequest: requireUserHook, schema: checkoutSchema },
    async (request) => {
      const user = requireUser(request);
      if (user.isPremium) throw new AppError(409, "ALREADY_PREMIUM", ALREADY_PREMIUM);
      const key = String(user.id);
      if (!(await checkouts.take(key))) throw rateLimited(TOO_MANY_CHECKOUTS, await checkouts.retryAfterMs(key));
      return callProvider(request.log, () =>
        payments.createCheckoutSession({
          db: request.db,
          user,
          successUrl: upgradeUrl("success"),
          cancelUrl: upgradeUrl("canceled"),
          now: now(),
        }),
      );
    },
  );

  const portalSchema = {
    summary: "Open the billing portal for your subscription (go to the answer's url)",
    security: SIGNED_IN,
    response: { 200: PortalAnswer, ...errors(404), 502: ErrorBody },
  };
  app.post("/api/create-customer-portal", { onRequest: requireUserHook, schema: portalSchema }, async (request) => {
    const user = requireUser(request);
    // NOTE: request.user is read for this request, so a customer stored by a checkout just before is seen.
    if (!user.stripeCustomerId) throw new AppError(404, "NO_SUBSCRIPTION", NO_SUBSCRIPTION);
    return callProvider(request.log, () =>
      payments.createPortalSession({
        db: request.db,
        user,
        returnUrl: `${config.APP_URL}${ROUTES.settings}`,
        now: now(),
      }),
    );
  });

  if (isDemoPayments(payments)) await root.register(named(demoPaymentRoutes), { payments });
}
