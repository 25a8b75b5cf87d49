// The frame of the account pages: logo home link, a centred card, Terms / Privacy links, and optionally the side panel.
import type { ReactNode } from "react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { LogoMark } from "../../components/ui/logo";
import { AuthSidePanel } from "./AuthSidePanel";

export function AuthShell({ children, sidePanel = false }: { children: ReactNode; sidePanel?: boolean }) {
  return (
    <div className={sidePanel ? "min-h-screen lg:grid lg:grid-cols-2" : "min-h-screen"}>
      <main className="flex min-h-screen flex-col bg-brand-50/40 px-4 py-6 sm:px-6">
        <Link
          href={ROUTES.landing}
          className="flex w-fit items-center gap-2 font-bold text-ink"
          aria-label="FicForge home"
        >
          <LogoMark />
          <span className="text-lg tracking-tight">FicForge</span>
        </Link>
        <div className="flex flex-1 items-center justify-center py-8">
          <div className="w-full max-w-md rounded-2xl border border-brand-100 bg-white p-6 shadow-sm sm:p-8">
            {children}
          </div>
        </div>
        <footer className="text-center text-xs text-slate-500">
          By continuing you agree to our{" "}
          <Link href={ROUTES.terms} className="font-medium text-brand-700 hover:underline">
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link href={ROUTES.privacy} className="font-medium text-brand-700 hover:underline">
            Privacy Policy
          </Link>
          .
        </footer>
      </main>
      {sidePanel && <AuthSidePanel />}
    </div>
  );
}
