import { useSyncExternalStore } from "react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { LogoMark } from "../../components/ui/logo";

const neverChanges = () => () => {};

/**
 * The current year. The landing page is prerendered at build, so hydration starts from the build's year and
 * React then moves to today's without a mismatch (a page built in December and served in January).
 */
function useCurrentYear(): number {
  return useSyncExternalStore(
    neverChanges,
    () => new Date().getFullYear(),
    () => (typeof __BUILD_YEAR__ === "number" ? __BUILD_YEAR__ : new Date().getFullYear()),
  );
}

export function LandingFooter() {
  const year = useCurrentYear();
  return (
    <footer className="border-t border-brand-100 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-slate-500 sm:flex-row sm:px-6">
        <Link href={ROUTES.landing} className="flex items-center gap-2 font-semibold text-ink">
          <LogoMark className="h-7 w-7" /> FicForge
        </Link>
        <nav aria-label="Footer" className="flex gap-6">
          <Link href={ROUTES.privacy} className="hover:text-brand-700">
            Privacy Policy
          </Link>
          <Link href={ROUTES.terms} className="hover:text-brand-700">
            Terms of Service
          </Link>
          {/* A server page (Swagger UI), not a client route. */}
          <a href="/api/docs" className="hover:text-brand-700">
            API
          </a>
        </nav>
        <p>© {year} FicForge. All rights reserved.</p>
      </div>
    </footer>
  );
}
