// Where a save's new chapters leave the story domain: the app's onNewChapters (notifications) hears of them after the
// commit. A failing listener is logged; the save it follows has already succeeded and must still answer so.
import type { FastifyInstance } from "fastify";

export function announceNewChapters(app: FastifyInstance, storyId: number, ns: number[]): void {
  try {
    app.deps.onNewChapters?.(storyId, ns);
  } catch (error) {
    app.log.error({ err: error, storyId, chapters: ns }, "new chapters: the listener failed");
  }
}
