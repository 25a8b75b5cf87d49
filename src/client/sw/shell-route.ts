// Which requests the service worker answers with the app's shell when the network fails: page loads of the app's own
// routes on this origin. Server-rendered public pages (/s/, /u/, /t/, series…), the API and covers are never its
// business: they go to the network as if there were no service worker.
import { isClientRoute } from "../../shared/routes";

/** The precached document every app route renders from (the server answers app routes with the same file). */
export const SHELL_URL = "/index.html";

export function servesShellOffline(request: { mode: string; method: string }, url: URL, origin: string): boolean {
  return (
    request.mode === "navigate" &&
    request.method === "GET" &&
    url.origin === origin &&
    !url.pathname.startsWith("/api/") &&
    isClientRoute(url.pathname)
  );
}
