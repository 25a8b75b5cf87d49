import { ArrowRight, Sparkles } from "lucide-react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { useSignedInHint } from "../auth/signed-in-hint";

export function scrollToSignup() {
  document.getElementById("signup")?.scrollIntoView({ behavior: "smooth", block: "start" });
}

export function Hero() {
  const signedIn = useSignedInHint();
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60%_60%_at_20%_10%,#ede9fe_0%,transparent_60%),radial-gradient(50%_50%_at_90%_30%,#fce7f3_0%,transparent_60%)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-20 pt-14 sm:px-6 lg:grid-cols-2 lg:pt-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/70 px-3 py-1 text-xs font-semibold text-brand-700">
            <Sparkles className="h-3.5 w-3.5" aria-hidden /> Meet Marin, your AI writing partner
          </p>
          <h1 className="mt-5 font-serif text-4xl font-bold leading-tight tracking-tight text-ink sm:text-5xl lg:text-6xl">
            Write the fan fiction{" "}
            <span className="bg-gradient-to-r from-brand-600 to-pink-600 bg-clip-text text-transparent">
              you've always wanted to read
            </span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-600">
            Pick your characters and universe, set the mood, and let Marin draft the first chapter. Edit every word,
            then share it with a community of fans who love the same worlds you do.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" variant="gradient">
              <Link href={signedIn ? ROUTES.create : ROUTES.signUp}>
                Start Creating <ArrowRight className="h-4 w-4" aria-hidden />
              </Link>
            </Button>
            {signedIn ? (
              <Button asChild size="lg" variant="outline">
                <Link href={ROUTES.dashboard}>Go to Dashboard</Link>
              </Button>
            ) : (
              <Button size="lg" variant="outline" onClick={scrollToSignup}>
                Get Started Free
              </Button>
            )}
          </div>
          <p className="mt-4 text-sm text-slate-500">
            {signedIn
              ? "Pick up where you left off, or start something new"
              : "No credit card required · Sign up in seconds"}
          </p>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}

function HeroPreview() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-lg">
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-brand-300/40 to-pink-300/40 blur-2xl" />
      <div className="overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-2xl shadow-brand-900/10">
        <div className="flex items-center gap-1.5 border-b border-brand-50 px-4 py-3">
          <span className="h-2.5 w-2.5 rounded-full bg-red-300" />
          <span className="h-2.5 w-2.5 rounded-full bg-amber-300" />
          <span className="h-2.5 w-2.5 rounded-full bg-emerald-300" />
          <span className="ml-3 text-xs font-medium text-slate-500">Songs for a Drowned Kingdom</span>
        </div>
        <div className="grid grid-cols-5">
          <div className="col-span-3 space-y-3 p-5">
            <p className="font-serif text-lg font-bold text-ink">Chapter 1</p>
            <p className="font-serif text-sm leading-relaxed text-slate-700">
              Every siren in the Salt Court could drown a ship with a single note. Nerys could make seagulls
              uncomfortable.
            </p>
            <p className="font-serif text-sm leading-relaxed text-slate-700">
              She climbed the rocks at dusk and opened her mouth…
            </p>
            <div className="h-2 w-3/4 rounded bg-brand-50" />
            <div className="h-2 w-2/3 rounded bg-brand-50" />
          </div>
          <div className="col-span-2 space-y-3 border-l border-brand-50 bg-brand-50/50 p-4">
            <p className="text-xs font-semibold text-brand-700">Marin</p>
            <div className="rounded-xl rounded-tl-sm bg-white p-2.5 text-xs text-slate-700 shadow-sm">
              Want the keeper to laugh, or to hum back?
            </div>
            <div className="ml-auto rounded-xl rounded-tr-sm bg-brand-600 p-2.5 text-xs text-white">
              Write the moment he hums back.
            </div>
            <div className="rounded-xl rounded-tl-sm bg-white p-2.5 text-xs text-slate-700 shadow-sm">
              Writing the next scene…
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
