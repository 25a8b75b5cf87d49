// Where a save's new chapters leave the story domain, after the commit: their subscribers are notified (in the
// background: the save never waits for a fan-out), and the app's onNewChapters hook hears of them. A failing
// listener is logged; the save it follows has already succeeded and must still answer so.
import type { FastifyRequest } from "fastify";
import { notifyNewChapters } from "../community/notify";
import { notifyLater } from "../community/notify-later";

export function announceNewChapters(request: FastifyRequest, storyId: number, ns: number[]): void {
  notifyLater(request, "new-chapter notifications", () => notifyNewChapters(request.db, storyId, ns));
  const app = request.server;
  try {
    app.deps.onNewChapters?.(storyId, ns);
  } catch (error) {
    app.log.error({ err: error, storyId, chapters: ns }, "new chapters: the listener failed");
  }
}
