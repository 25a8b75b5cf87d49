import { Menu, X } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { LogoMark } from "../../components/ui/logo";
import { useSignedInHint } from "../auth/signed-in-hint";

export const LANDING_ANCHORS = [
  { href: "#features", label: "Features" },
  { href: "#how-it-works", label: "How It Works" },
  { href: "#about", label: "About" },
];

export function LandingHeader() {
  const [open, setOpen] = useState(false);
  const signedIn = useSignedInHint();
  return (
    <header className="sticky top-0 z-30 border-b border-brand-100/70 bg-white/80 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href={ROUTES.landing} className="flex items-center gap-2 font-bold text-ink" aria-label="FicForge home">
          <LogoMark />
          <span className="text-lg tracking-tight">FicForge</span>
        </Link>
        <nav aria-label="Sections" className="hidden items-center gap-8 md:flex">
          {LANDING_ANCHORS.map((a) => (
            <a key={a.href} href={a.href} className="text-sm font-medium text-slate-600 hover:text-brand-700">
              {a.label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          {signedIn ? (
            <Button asChild size="sm" variant="gradient">
              <Link href={ROUTES.dashboard}>Dashboard</Link>
            </Button>
          ) : (
            <>
              <Link href={ROUTES.auth} className="px-2 text-sm font-semibold text-slate-700 hover:text-brand-700">
                Login
              </Link>
              <Button asChild size="sm" variant="gradient">
                <Link href={ROUTES.signUp}>Sign Up</Link>
              </Button>
            </>
          )}
          <button
            type="button"
            className="rounded-md p-2 text-slate-600 hover:bg-brand-50 md:hidden"
            aria-label={open ? "Close menu" : "Open menu"}
            aria-expanded={open}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X className="h-5 w-5" /> : <Menu className="h-5 w-5" />}
          </button>
        </div>
      </div>
      {open && (
        <nav aria-label="Sections" className="border-t border-brand-100 bg-white px-4 py-2 md:hidden">
          {LANDING_ANCHORS.map((a) => (
            <a
              key={a.href}
              href={a.href}
              onClick={() => setOpen(false)}
              className="block rounded-md px-2 py-3 text-sm font-medium text-slate-700 hover:bg-brand-50"
            >
              {a.label}
            </a>
          ))}
        </nav>
      )}
    </header>
  );
}
