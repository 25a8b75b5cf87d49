// With read replicas (decision 0065), an answer rebuilt just after an invalidation may be read from a replica that
// has not replayed the write yet, and the cache would keep it until the next invalidation (minutes). So every
// invalidation made here is made once more when any replica still in use must have replayed it: after the lag bound
// plus two probes (the probe a choice relies on may be one interval old, and the sample it compares with one more).
// The repeat is published like the first, so every instance drops again; heard invalidations are not repeated.
import type { FastifyInstance } from "fastify";
import type { ReadCache } from "./read-cache";

type Invalidation = "invalidateStory" | "invalidateDiscover" | "invalidateAuthors" | "invalidateAll";

export function settleOnReplicas(app: FastifyInstance): void {
  const { database, config } = app.deps;
  if (!database.replicas) return;
  const delayMs = config.REPLICA_MAX_LAG_MS + 2 * config.REPLICA_PROBE_MS;
  const cache: ReadCache = app.readCache;
  // One timer per thing dropped, however many writes: a write while it waits asks for one more round after it.
  const pending = new Map<string, { again: boolean; timer: NodeJS.Timeout }>();

  const later = (key: string, invalidate: () => void) => {
    const waiting = pending.get(key);
    if (waiting) {
      waiting.again = true;
      return;
    }
    const fire = () => {
      invalidate();
      if (state.again) {
        state.again = false;
        state.timer = setTimeout(fire, delayMs).unref();
      } else {
        pending.delete(key);
      }
    };
    const state = { again: false, timer: setTimeout(fire, delayMs).unref() };
    pending.set(key, state);
  };

  const wrap = (name: Invalidation, keyOf: (id?: number) => string) => {
    const original = cache[name].bind(cache) as (id?: number) => void;
    cache[name] = ((id?: number) => {
      original(id);
      later(keyOf(id), () => original(id));
    }) as never;
  };
  wrap("invalidateStory", (id) => `s${id}`);
  wrap("invalidateDiscover", () => "d");
  wrap("invalidateAuthors", () => "a");
  wrap("invalidateAll", () => "*");
  app.addHook("onClose", async () => {
    for (const { timer } of pending.values()) clearTimeout(timer);
    pending.clear();
  });
}
