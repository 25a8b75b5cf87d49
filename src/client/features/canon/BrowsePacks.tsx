// Others' published packs, newest first, of one fandom or all: preview the entries, copy one into your own pack
// (its entries become yours; names you already have are skipped and said).
import { ChevronDown, Copy, Search } from "lucide-react";
import { useId, useState } from "react";
import { authorPath } from "../../../shared/routes";
import { CANON_LIMITS, type PublishedCanonPack } from "../../../shared/schemas/canon";
import { Button } from "../../components/ui/button";
import { Input, Label } from "../../components/ui/input";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { copiedText, entryCountText } from "./copy-text";
import { PackEntries } from "./PackEntries";
import { useCopyPack, usePublishedPacks } from "./queries";

export function BrowsePacks({ fandoms }: { fandoms: string[] }) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [fandom, setFandom] = useState("");
  const packs = usePublishedPacks(fandom, true);
  const list = packs.data?.packs ?? [];

  return (
    <div className="space-y-4">
      <form
        aria-label="Find published packs"
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setFandom(draft.trim());
        }}
      >
        <div className="flex-1 space-y-1.5">
          <Label htmlFor={`${id}-fandom`}>Fandom</Label>
          <Input
            id={`${id}-fandom`}
            value={draft}
            maxLength={CANON_LIMITS.fandomMax}
            placeholder="Every fandom"
            list={`${id}-fandoms`}
            onChange={(e) => setDraft(e.target.value)}
          />
          <datalist id={`${id}-fandoms`}>
            {fandoms.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
        <Button type="submit" variant="outline">
          <Search className="h-4 w-4" aria-hidden /> Find packs
        </Button>
      </form>
      {packs.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : packs.isError ? (
        <p className="text-sm text-slate-600">Published packs could not be loaded. Try again in a moment.</p>
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-brand-200 p-6 text-center text-sm text-slate-600">
          {fandom ? `No published packs for ${fandom} yet.` : "No published packs yet."}
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Published packs">
          {list.map((pack) => (
            <PublishedPackItem key={pack.id} pack={pack} />
          ))}
        </ul>
      )}
    </div>
  );
}

function PublishedPackItem({ pack }: { pack: PublishedCanonPack }) {
  const [open, setOpen] = useState(false);
  const copy = useCopyPack();
  const entriesId = `published-pack-${pack.id}-entries`;
  return (
    <li className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm" data-testid="published-pack">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-ink [overflow-wrap:anywhere]">{pack.fandom}</p>
          <p className="text-sm text-slate-600">
            by{" "}
            <a href={authorPath(pack.ownerUsername)} className="font-medium text-brand-700 hover:underline">
              {pack.ownerUsername}
            </a>{" "}
            · {entryCountText(pack.entryCount)}
          </p>
        </div>
        <Button
          size="sm"
          disabled={copy.isPending}
          onClick={() =>
            copy.mutate(pack.id, {
              onSuccess: (result) => toast(copiedText(result)),
              onError: (error) => toast({ title: errorMessage(error), variant: "destructive" }),
            })
          }
        >
          <Copy className="h-4 w-4" aria-hidden /> Copy to my packs
          <span className="sr-only">
            : {pack.fandom} by {pack.ownerUsername}
          </span>
        </Button>
      </div>
      <Button
        variant="link"
        size="sm"
        className="mt-1 px-0"
        aria-expanded={open}
        aria-controls={entriesId}
        onClick={() => setOpen(!open)}
      >
        <ChevronDown className={cn("h-4 w-4 transition-transform", open && "rotate-180")} aria-hidden />
        {open ? "Hide entries" : "Preview entries"}
      </Button>
      {open && (
        <div id={entriesId} className="mt-2">
          <PackEntries packId={pack.id} editable={false} />
        </div>
      )}
    </li>
  );
}
