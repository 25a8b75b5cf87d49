// Tells the other instances on the same PostgreSQL database what changed (NOTIFY after the write committed), and
// hears what they changed (LISTEN on a dedicated connection). PGlite is one process: nothing to tell.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Listener } from "../db/notifications";

export const READ_CACHE_CHANNEL = "ficforge_read_cache";

export interface BusHandlers {
  onMessage(message: string): void;
  /** Invalidations may be missed from now on: stop keeping answers. */
  onLost(): void;
  /** Listening again: clear (something may have been missed) and keep answers again. */
  onListening(): void;
}

export interface InvalidationBus {
  publish(message: string): void;
}

export interface BusOptions {
  /** The NOTIFY channel (each cache its own, so neither parses the other's messages). */
  channel?: string;
  /** For the log lines. */
  name?: string;
}

export function startInvalidationBus(
  app: FastifyInstance,
  handlers: BusHandlers,
  { channel = READ_CACHE_CHANNEL, name = "read cache" }: BusOptions = {},
): InvalidationBus | undefined {
  const database = app.deps.database;
  if (!database.listen) return undefined;
  // Our own notifications come back to us too; the local drop already happened.
  const self = randomBytes(6).toString("base64url");
  let listener: Listener | undefined;
  // NOTE: until LISTEN is in place another instance's write would go unheard: build every answer, keep none.
  handlers.onLost();
  app.addHook("onReady", async () => {
    listener = database.listen!(channel, {
      onNotification(payload) {
        const at = payload.indexOf(" ");
        if (payload.slice(0, at) !== self) handlers.onMessage(payload.slice(at + 1));
      },
      onListening: () => {
        app.log.info(`${name}: listening for invalidations`);
        handlers.onListening();
      },
      onLost: (error) => {
        app.log.warn({ err: error }, `${name}: invalidation connection lost; not caching until it is back`);
        handlers.onLost();
      },
    });
  });
  app.addHook("onClose", async () => {
    await listener?.close();
  });
  return {
    publish(message) {
      // NOTE: after the commit, so no instance can rebuild from the old row after hearing this.
      database.db.execute(sql`select pg_notify(${channel}, ${`${self} ${message}`})`).catch((error) => {
        app.log.error({ err: error }, `${name}: could not notify other instances`);
      });
    },
  };
}
