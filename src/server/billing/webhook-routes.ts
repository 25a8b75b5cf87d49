// POST /api/stripe/webhook: the raw body's signature checked, then applyStripeEvent.
import type { FastifyInstance } from "fastify";
import type Stripe from "stripe";
import { AppError } from "../errors";
import type { WebhookOutcome } from "../metrics/metrics";
import { applyStripeEvent } from "./apply-event";
import type { PaymentsDriver } from "./payments";
import { announcePlanChange } from "./premium-views";

/** Stripe's events are a few kilobytes; an invoice with many lines stays well under this. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;
export const WEBHOOKS_DISABLED = "Stripe webhooks are not enabled (demo payments).";
export const BAD_SIGNATURE = "The Stripe-Signature header does not match this request.";

export async function stripeWebhookRoutes(app: FastifyInstance): Promise<void> {
  // NOTE: in this plugin's scope only (as multipart in images/routes.ts): the signature is over the exact bytes, so
  // the body stays a Buffer whatever its type; the rest of the API keeps its bounded JSON parser.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  app.post("/api/stripe/webhook", { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request) => {
    const { payments, now, metrics } = app.deps;
    const counted = (outcome: WebhookOutcome) => metrics.webhooks.labels("stripe", outcome).inc();
    const signature = request.headers["stripe-signature"];
    let event: Stripe.Event;
    try {
      event = verifyOrThrow(payments, request.body, typeof signature === "string" ? signature : undefined);
    } catch (error) {
      counted(payments.verifyWebhook ? "bad_signature" : "disabled");
      throw error;
    }
    // NOTE: a failure to apply is a 500, so Stripe delivers the event again (the transaction left nothing behind).
    const outcome = await applyStripeEvent(request.db, event, now(), request.log).catch((error: unknown) => {
      counted("failed");
      throw error;
    });
    counted(outcome);
    if (outcome === "applied") await announcePlanChange(app.deps.events, request.db, event);
    return { received: true, outcome };
  });
}

function verifyOrThrow(payments: PaymentsDriver, body: unknown, signature: string | undefined): Stripe.Event {
  // NOTE: the demo driver applies its events itself; answering 404 tells a misconfigured Stripe endpoint so.
  if (!payments.verifyWebhook) throw new AppError(404, "NOT_FOUND", WEBHOOKS_DISABLED);
  const raw = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
  try {
    return payments.verifyWebhook(raw, signature);
  } catch {
    throw new AppError(400, "BAD_SIGNATURE", BAD_SIGNATURE);
  }
}
