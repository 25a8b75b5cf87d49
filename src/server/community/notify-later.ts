// Fan-outs run after the answer's write has committed, in the background: the request never waits for them, and a
// failure is logged (without parameters), never the request's. They are idempotent, so running one again is safe.
import type { FastifyRequest } from "fastify";

/**
 * Runs a fan-out after the answer's write has committed; a failure is logged, never the request's. A fan-out that
 * wrote notifications (it answers how many) wakes this instance's email worker, so a first email goes out at once.
 */
export function notifyLater(request: FastifyRequest, what: string, task: () => Promise<number>): void {
  request.server.background.run(request.log, what, async () => {
    if ((await task()) > 0) request.server.deps.emailWake.notify();
  });
}
