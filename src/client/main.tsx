// The entry, kept tiny. The prerendered landing page paints from its HTML and inline styles alone, so its scripts
// (start.tsx) are fetched only once its largest paint has happened: nothing on the way to it waits for JavaScript.
import "./landing.css";

const start = () => import("./start");
// Without a paint to wait for (an older browser, a hidden tab), the page still comes alive within this time.
const LONGEST_WAIT_MS = 1000;

/** Runs `callback` after the first largest-contentful-paint this script sees painted (it runs once parsed). */
function afterLargestPaint(callback: () => void): void {
  const parsedAt = performance.now();
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    callback();
  };
  const supported = globalThis.PerformanceObserver?.supportedEntryTypes?.includes("largest-contentful-paint");
  const observer = supported
    ? new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => entry.startTime >= parsedAt)) run();
      })
    : undefined;
  observer?.observe({ type: "largest-contentful-paint", buffered: true });
  setTimeout(run, supported ? LONGEST_WAIT_MS : 0);
}

if (document.getElementById("root")?.hasChildNodes() && document.visibilityState === "visible") {
  afterLargestPaint(() => void start());
} else {
  void start();
}
