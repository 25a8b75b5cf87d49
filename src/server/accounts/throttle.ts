// A fixed-window failure counter keyed by IP or email, on the app's clock.
// NOTE: kept in this process's memory, so each app instance counts on its own and a restart forgets.
// That is acceptable while FicForge runs as one instance; several instances would move this into Postgres.
export interface Throttle {
  /** True when the key has used up its allowance in the current window. */
  isBlocked(key: string): boolean;
  /** Counts one more attempt (a failure, an email sent) for the key. */
  hit(key: string): void;
  reset(key: string): void;
  /** Milliseconds until the key's window ends (0 when it is not counted). */
  retryAfterMs(key: string): number;
}

interface Window {
  count: number;
  endsAt: number;
}

const MAX_KEYS = 50_000;

export function createThrottle(limit: number, windowMs: number, now: () => Date): Throttle {
  const windows = new Map<string, Window>();
  const current = (key: string): Window | undefined => {
    const window = windows.get(key);
    if (window && window.endsAt <= now().getTime()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };
  const prune = () => {
    const at = now().getTime();
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
    // Still full: drop the oldest keys (a Map iterates in insertion order) rather than grow without bound.
    for (const key of windows.keys()) {
      if (windows.size < MAX_KEYS) break;
      windows.delete(key);
    }
  };
  return {
    isBlocked: (key) => (current(key)?.count ?? 0) >= limit,
    hit(key) {
      const window = current(key);
      if (window) {
        window.count += 1;
        return;
      }
      if (windows.size >= MAX_KEYS) prune();
      windows.set(key, { count: 1, endsAt: now().getTime() + windowMs });
    },
    reset: (key) => void windows.delete(key),
    retryAfterMs: (key) => Math.max(0, (current(key)?.endsAt ?? 0) - now().getTime()),
  };
}
