// 'Find characters and places' (FicForge Plus, issue 32 section 2): Marin reads the story now; what it finds joins
// "Marin noticed" to accept, edit or dismiss. Free accounts see what it would do and the way to Plus.
import { Search } from "lucide-react";
import { Link } from "wouter";
import type { LoreProposal } from "../../../shared/schemas/lore";
import { ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";

export const FIND_LABEL = "Find characters and places";

/** 'Marin found 2 characters and 1 place.' */
export function foundSummary(proposals: LoreProposal[]): string {
  const places = proposals.filter((p) => p.kind === "place").length;
  const characters = proposals.length - places;
  if (proposals.length === 0) return "Marin found nothing new: the lorebook knows everyone and everywhere it noticed.";
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `Marin found ${count(characters, "character", "characters")} and ${count(places, "place", "places")}.`;
}

export function LoreFinder({
  plus,
  pending,
  error,
  found,
  onFind,
}: {
  plus: boolean;
  pending: boolean;
  error: unknown;
  found: LoreProposal[] | undefined;
  onFind: () => void;
}) {
  if (!plus)
    return (
      <p className="text-xs text-slate-600">
        {FIND_LABEL}: Marin reads your story and proposes entries.{" "}
        <Link href={ROUTES.upgrade} className="font-medium text-brand-700 underline underline-offset-2">
          Unlock with FicForge Plus
        </Link>
      </p>
    );
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" variant="outline" onClick={onFind} disabled={pending}>
        <Search className="h-4 w-4" aria-hidden /> {pending ? "Reading your story…" : FIND_LABEL}
      </Button>
      <p role="status" aria-live="polite" className="text-xs text-slate-600">
        {error ? errorMessage(error) : found && !pending ? foundSummary(found) : ""}
      </p>
    </div>
  );
}
