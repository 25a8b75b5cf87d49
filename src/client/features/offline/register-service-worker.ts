// Registers the service worker (dist/client/sw.js, built by scripts/build-service-worker.mjs) once the page has loaded
// and the browser is idle, so precaching the app never competes with the page's own start. Built app only: the dev
// server has no sw.js.
const WORKER_URL = "/sw.js";

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const register = () => {
    // NOTE: a refused registration (a private window, a browser setting) only means no offline use.
    navigator.serviceWorker.register(WORKER_URL, { scope: "/" }).catch(() => undefined);
  };
  const whenIdle = () =>
    "requestIdleCallback" in window
      ? window.requestIdleCallback(register, { timeout: 5000 })
      : setTimeout(register, 1000);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}
