// Tells this instance's email worker that notification email is waiting, so it runs now instead of at its next
// tick. Whoever marks a notification's email 'pending' calls notify() after the commit.
export interface WakeSignal {
  notify(): void;
  /** Returns the unsubscribe function. */
  onWake(listener: () => void): () => void;
}

export function createWakeSignal(): WakeSignal {
  const listeners = new Set<() => void>();
  return {
    notify: () => {
      for (const listener of listeners) listener();
    },
    onWake(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
