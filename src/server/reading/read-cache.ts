// PLACEHOLDER (helper "cache" replaces the implementation, keeping this interface): the read path's cache of
// ready-to-send bytes with ETags, invalidated on publish, unpublish, edit of a published story, like and comment,
// across instances too. Until then it builds every answer and sends it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export interface ReadCache {
  /**
   * Answers `request` with the JSON `build` makes for `key`, built once and kept as bytes with an ETag until
   * invalidated; a matching If-None-Match gets 304. Keys must not depend on the viewer (`build` must not either).
   */
  send(request: FastifyRequest, reply: FastifyReply, key: string, build: () => Promise<unknown>): Promise<FastifyReply>;
  /** A story's read view, public page and every Discover list may have changed. */
  invalidateStory(storyId: number): void;
  /** Discover lists may have changed (a story was published, unpublished, liked …). */
  invalidateDiscover(): void;
}

declare module "fastify" {
  interface FastifyInstance {
    readCache: ReadCache;
  }
}

export function registerReadCache(app: FastifyInstance): void {
  const cache: ReadCache = {
    send: async (_request, reply, _key, build) => reply.send(await build()),
    invalidateStory: () => {},
    invalidateDiscover: () => {},
  };
  app.decorate("readCache", cache);
}
