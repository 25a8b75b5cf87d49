// FicForge Plus's five perks, one card each.
import { Brain, Flame, History, type LucideIcon, MessagesSquare, Palette, Rocket } from "lucide-react";
import { PLUS_PERKS } from "../../../shared/schemas/billing";
import { FREE_HISTORY_DAYS } from "../../../shared/schemas/versions";
import { cn } from "../../lib/cn";

type PerkId = (typeof PLUS_PERKS)[number]["id"];

const ICONS: Record<PerkId, LucideIcon> = {
  nsfw: Flame,
  memory: Brain,
  styles: MessagesSquare,
  customize: Palette,
  early: Rocket,
};

export function PerkGrid({ heading }: { heading: string }) {
  return (
    <section aria-labelledby="perks-heading" className="space-y-4">
      <h2 id="perks-heading" className="text-xl font-bold text-ink sm:text-2xl">
        {heading}
      </h2>
      {/* Five cards fill two full rows on wide screens: three in the first, two wider ones in the second. */}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
        {PLUS_PERKS.map((perk, index) => {
          const Icon = ICONS[perk.id];
          return (
            <li
              key={perk.id}
              data-testid="plus-perk"
              className={cn(
                "flex gap-4 rounded-2xl border border-brand-100 bg-white p-5 shadow-sm transition-shadow hover:shadow-md",
                index < 3 ? "lg:col-span-2" : "lg:col-span-3",
                index === PLUS_PERKS.length - 1 && "sm:col-span-2",
              )}
            >
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-brand-100 to-pink-100 text-brand-700">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <div className="min-w-0">
                <h3 className="font-semibold text-ink">{perk.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{perk.text}</p>
              </div>
            </li>
          );
        })}
      </ul>
      {/* NOTE: beside the five perk cards rather than a sixth (issue 20 §1, decision 0041). */}
      <p className="flex items-start gap-2 text-sm text-slate-700" data-testid="plus-history">
        <History className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden />
        <span>
          <strong className="font-semibold text-ink">Full version history:</strong> every version of every story, kept
          for good. Free accounts keep the last {FREE_HISTORY_DAYS} days.
        </span>
      </p>
    </section>
  );
}
