// Build time only (scripts/prerender.mjs): the landing page's HTML for a visitor and for a signed-in browser.
// start.tsx hydrates it; both must render the same tree from the same inputs (the hint cookie, the build year).
import { renderToString } from "react-dom/server";
import { Router } from "wouter";
import { ROUTES } from "../shared/routes";
import { PrerenderSignedInContext } from "./features/auth/signed-in-hint";
import LandingPage from "./pages/LandingPage";

export function renderLanding(signedIn: boolean): string {
  return renderToString(
    <Router ssrPath={ROUTES.landing}>
      <PrerenderSignedInContext value={signedIn}>
        <LandingPage />
      </PrerenderSignedInContext>
    </Router>,
  );
}
