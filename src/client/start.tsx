// Renders the page: on / it hydrates the landing page prerendered at build (scripts/prerender.mjs) with only what
// that page needs; the rest of the app (app.tsx) loads once the visitor goes anywhere else, or at once elsewhere.
import { StrictMode, Suspense, startTransition, useEffect, useState } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { useLocation } from "wouter";
import { ROUTES } from "../shared/routes";
import { ErrorScreenBoundary } from "./components/ErrorScreen";
import { FullPageSpinner } from "./components/ui/spinner";
import { preloadable } from "./lib/preloadable";
import LandingPage from "./pages/LandingPage";

const App = preloadable(() => import("./app"));

function Root() {
  const [location] = useLocation();
  // The prerendered page shows before it works; this marks when it does (the end-to-end tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.live = "true";
  }, []);
  const [appNeeded, setAppNeeded] = useState(location !== ROUTES.landing);
  // Derived state, set during render: once the app is loaded it keeps every route, the landing page included.
  if (!appNeeded && location !== ROUTES.landing) setAppNeeded(true);
  if (!appNeeded) return <LandingPage />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <App />
    </Suspense>
  );
}

// A script that fails to load (a tab opened before a deploy asking for a file the new build no longer has): reload
// once to get the new build; if it fails again, the error reaches ErrorScreenBoundary, which offers Reload.
const VITE_PRELOAD_RELOADED = "ficforge-reloaded-for-scripts";
window.addEventListener("vite:preloadError", (event) => {
  if (sessionStorage.getItem(VITE_PRELOAD_RELOADED)) return;
  sessionStorage.setItem(VITE_PRELOAD_RELOADED, "1");
  event.preventDefault();
  window.location.reload();
});

const container = document.getElementById("root")!;
const root = (
  <StrictMode>
    <ErrorScreenBoundary>
      <Root />
    </ErrorScreenBoundary>
  </StrictMode>
);
// Only / arrives prerendered; every other page arrives as the empty shell. Hydrating in a transition, in a task of
// its own after this module's evaluation, lets React yield to the browser instead of holding the main thread.
if (container.hasChildNodes()) setTimeout(() => startTransition(() => void hydrateRoot(container, root)));
else {
  // Any other page needs the app at once: the spinner shows while it arrives, and the app replaces it in a plain
  // update, not a Suspense retry that React would hold back for its 300 ms reveal throttle (decision 0047).
  // The app's first render runs in a transition so React renders it in slices between which the browser may paint
  // and answer input, not as one long task (a phone's main thread was blocked for a quarter of a second).
  const reactRoot = createRoot(container);
  reactRoot.render(<FullPageSpinner />);
  void App.preload().finally(() => startTransition(() => reactRoot.render(root)));
}
