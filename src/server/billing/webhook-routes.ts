// POST /api/stripe/webhook: the raw body's signature checked, then applyStripeEvent.
import type { FastifyInstance } from "fastify";

export async function stripeWebhookRoutes(_app: FastifyInstance): Promise<void> {}
