// The dashboard's call to write: 'Start Writing' opens the wizard.
import { Sparkles } from "lucide-react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";

export function PromoCard() {
  return (
    <section className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 via-brand-600 to-pink-600 p-6 text-white shadow-lg sm:p-8">
      <Sparkles className="absolute -right-4 -top-4 h-32 w-32 text-white/10" aria-hidden />
      <div className="relative max-w-xl space-y-3">
        <h2 className="text-2xl font-bold sm:text-3xl">Your next story starts here</h2>
        <p className="text-white/85">
          Pick your themes, cast your characters and set the mood. Marin drafts the first chapter, and you take it from
          there.
        </p>
        <Button asChild variant="outline" size="lg" className="border-white bg-white text-brand-800 hover:bg-brand-50">
          <Link href={ROUTES.create}>Start Writing</Link>
        </Button>
      </div>
    </section>
  );
}
