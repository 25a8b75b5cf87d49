// /dashboard/canon: the writer's canon packs (a lorebook per fandom, known to every story set there) and others'
// published packs to copy.
import { BookMarked } from "lucide-react";
import { Skeleton } from "../../components/ui/skeleton";
import { BrowsePacks } from "./BrowsePacks";
import { CreatePackForm } from "./CreatePackForm";
import { PackCard } from "./PackCard";
import { useCanonPacks } from "./queries";

export function CanonPacksView() {
  const mine = useCanonPacks();
  const packs = mine.data?.packs ?? [];
  const suggestions = mine.data?.suggestedFandoms ?? [];
  const fandoms = [...packs.map((p) => p.fandom), ...suggestions];

  return (
    <div className="mx-auto w-full max-w-4xl space-y-10 px-4 py-8 sm:px-6">
      <header className="space-y-2">
        <h1 className="font-serif text-3xl font-bold text-ink">Canon packs</h1>
        <p className="text-slate-600">
          A canon pack is your lorebook for a fandom: write the world once and Marin knows it in every story you set
          there. A story's own lorebook entry wins over the pack's.
        </p>
      </header>

      <section aria-labelledby="my-packs-heading" className="space-y-4">
        <h2 id="my-packs-heading" className="text-xl font-bold text-ink">
          Your packs
        </h2>
        <CreatePackForm suggestions={suggestions} />
        {mine.isPending ? (
          <Skeleton className="h-28 w-full" />
        ) : mine.isError ? (
          <p className="text-slate-600">Your packs could not be loaded. Try again in a moment.</p>
        ) : packs.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-brand-200 p-8 text-center">
            <BookMarked className="h-8 w-8 text-brand-300" aria-hidden />
            <p className="font-semibold text-ink">No canon packs yet</p>
            <p className="text-sm text-slate-600">Create one for a fandom, or copy one another writer published.</p>
          </div>
        ) : (
          <div className="space-y-4" data-testid="my-packs">
            {packs.map((pack) => (
              <PackCard key={pack.id} pack={pack} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="published-packs-heading" className="space-y-4">
        <div className="space-y-1">
          <h2 id="published-packs-heading" className="text-xl font-bold text-ink">
            Packs other writers published
          </h2>
          <p className="text-sm text-slate-600">
            Copying one puts its entries in your own pack for that fandom. They are yours to change; later edits by its
            writer don't reach your copy.
          </p>
        </div>
        <BrowsePacks fandoms={fandoms} />
      </section>
    </div>
  );
}
