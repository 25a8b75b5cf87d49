// POST /api/create-subscription-session and POST /api/create-customer-portal (SPEC.md section 7), and the demo
// driver's local checkout and portal pages.
import type { FastifyInstance } from "fastify";

export async function billingRoutes(_app: FastifyInstance): Promise<void> {}
