import type { FastifyInstance } from "fastify";

// Story routes land with the writing issue.
export async function storyRoutes(_app: FastifyInstance): Promise<void> {}
