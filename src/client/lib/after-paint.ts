// Runs a callback once the browser has painted what React just committed: the frame after the next animation frame
// has started. A hidden tab runs no animation frames, so a timer stands in for them there.
const HIDDEN_TAB_WAIT_MS = 100;

/** Calls `callback` after the next paint; the returned function cancels it. */
export function afterNextPaint(callback: () => void): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    callback();
  };
  // The animation frame runs just before the paint; a task queued from it runs just after.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  const fallback = setTimeout(run, HIDDEN_TAB_WAIT_MS);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
}
