// The entry, kept tiny. The prerendered landing page paints from its HTML and inline styles alone, so its scripts
// (start.tsx) are fetched only after that first paint: nothing on the way to it waits for JavaScript.
import "./landing.css";

const start = () => import("./start");

if (document.getElementById("root")?.hasChildNodes() && document.visibilityState === "visible") {
  // NOTE: a requestAnimationFrame callback runs just before the next paint, a timeout set there just after it.
  requestAnimationFrame(() => setTimeout(start));
} else {
  void start();
}
