// Fan-outs run after the answer's write has committed, in the background: the request never waits for them, and a
// failure is logged (without parameters), never the request's. They are idempotent, so running one again is safe.
import type { FastifyRequest } from "fastify";

/** Runs a fan-out after the answer's write has committed; a failure is logged, never the request's. */
export function notifyLater(request: FastifyRequest, what: string, task: () => Promise<unknown>): void {
  request.server.background.run(request.log, what, async () => {
    await task();
  });
}
