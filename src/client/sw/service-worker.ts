// The service worker (built by scripts/build-service-worker.mjs with Workbox): the app's built assets precached, so the
// app opens without a network; app pages from the network while there is one, else the precached shell. Nothing else
// is routed: API answers (a user's private data) and server-rendered public pages never touch a cache here. Works a
// reader saves for offline live in IndexedDB, written and read by the page (features/offline), not by this worker.
import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { SHELL_URL, servesShellOffline } from "./shell-route";

// NOTE: the DOM library's types are the project's; the few service-worker globals used here are declared instead of
// compiling this file against the WebWorker library, which clashes with DOM.
declare const self: {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(
    type: "install" | "activate",
    listener: (event: { waitUntil(p: Promise<unknown>): void }) => void,
  ): void;
};

// NOTE: no directory index and no clean URLs: "/" is the server's prerendered landing page, not the shell, and must
// come from the network whenever there is one.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "", cleanURLs: false });
cleanupOutdatedCaches();

registerRoute(
  ({ request, url }) => servesShellOffline(request, url, self.location.origin),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const shell = await matchPrecache(SHELL_URL);
      if (shell) return shell;
      throw error;
    }
  },
);

// A new build takes over at once: pages load their HTML from the network, so they never pair an old shell with new
// assets, and a page of the old build that asks for a chunk no longer precached gets it from the network as before.
self.addEventListener("install", (event) => event.waitUntil(self.skipWaiting()));
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
