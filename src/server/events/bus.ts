// A small typed event bus. Commands emit after their transaction committed (never inside it: a rolled-back change
// announces nothing); subscribers register once, when the app is built. Delivery is in-process and synchronous up to
// each subscriber's first await, so a cache a subscriber drops is dropped before the answer leaves. A subscriber
// that fails is logged and never fails the request whose change already committed.
import type { DomainEvents, EventName } from "./events";

// NOTE: unknown, not void: a subscriber may answer a promise (awaited by emit) or anything else (ignored).
type Subscriber<N extends EventName> = (event: DomainEvents[N]) => unknown;

export interface EventBus {
  on<N extends EventName>(name: N, what: string, subscriber: Subscriber<N>): void;
  /**
   * Tells every subscriber; resolves once the subscribers that answer a promise (a cache drop that first reads which
   * stories) have settled, so a route that awaits it answers after its caches are dropped. Never rejects.
   */
  emit<N extends EventName>(name: N, event: DomainEvents[N]): Promise<void>;
  /** How many times each event was emitted (the metrics read it). */
  readonly counts: ReadonlyMap<EventName, number>;
  /** Where a failing subscriber is told; the app sets its logger when it registers the subscribers. */
  onFailure: FailureLog;
}

export type FailureLog = (error: unknown, name: EventName, what: string) => void;

export function createEventBus(): EventBus {
  const subscribers = new Map<EventName, { what: string; run: Subscriber<EventName> }[]>();
  const counts = new Map<EventName, number>();
  const bus: EventBus = {
    counts,
    onFailure: () => undefined,
    on(name, what, subscriber) {
      const list = subscribers.get(name) ?? [];
      list.push({ what, run: subscriber as Subscriber<EventName> });
      subscribers.set(name, list);
    },
    async emit(name, event) {
      counts.set(name, (counts.get(name) ?? 0) + 1);
      const pending: Promise<unknown>[] = [];
      for (const { what, run } of subscribers.get(name) ?? []) {
        try {
          const result = run(event);
          if (result instanceof Promise)
            pending.push(result.catch((error: unknown) => bus.onFailure(error, name, what)));
        } catch (error) {
          bus.onFailure(error, name, what);
        }
      }
      if (pending.length > 0) await Promise.all(pending);
    },
  };
  return bus;
}
