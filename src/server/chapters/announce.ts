// Where a save's new chapters leave the story domain, after the commit: their subscribers are notified (in the
// background: the save never waits for a fan-out; the fan-out was recorded with the save, so a process that dies
// first leaves it to the maintenance sweep), and the app's onNewChapters hook hears of them. A failing listener is
// logged; the save it follows has already succeeded and must still answer so.
import type { FastifyRequest } from "fastify";
import { fanOutLater, type PendingFanOut } from "../community/pending-fan-outs";

export function announceNewChapters(
  request: FastifyRequest,
  storyId: number,
  ns: number[],
  fanOut: PendingFanOut | null,
): void {
  fanOutLater(request, fanOut);
  const app = request.server;
  try {
    app.deps.onNewChapters?.(storyId, ns);
  } catch (error) {
    app.log.error({ err: error, storyId, chapters: ns }, "new chapters: the listener failed");
  }
}
