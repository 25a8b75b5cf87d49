import type { FastifyInstance } from "fastify";

// Cover images land with the writing issue.
export async function imageRoutes(_app: FastifyInstance): Promise<void> {}
