// One prompt: its text, tags and poster ('Anonymous' when hidden from this viewer), Claim/Unclaim, 'Fill this
// prompt', Delete for its poster and the maintainers, and the works that fill it.
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import type { PromptView } from "../../../shared/schemas/prompts";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { FillDialog } from "./FillDialog";
import { useClaim, useDeletePrompt } from "./queries";

const DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export function PromptCard({ prompt, onTag }: { prompt: PromptView; onTag: (tag: string) => void }) {
  const name = prompt.collection.name;
  const claim = useClaim(name);
  const remove = useDeletePrompt(name);
  const [filling, setFilling] = useState(false);
  const open = prompt.collection.promptMeme === "open";
  const fail = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error), variant: "destructive" });

  return (
    <article
      aria-label={`Prompt by ${prompt.poster.username}`}
      className="space-y-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
    >
      <p className="whitespace-pre-line break-words text-ink">{prompt.text}</p>
      {prompt.tags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {prompt.tags.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                onClick={() => onTag(tag)}
                className="cursor-pointer rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-800 hover:bg-brand-100"
              >
                {tag}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-slate-600">
        Posted by <span className="font-semibold text-ink">{prompt.poster.username}</span>
        {prompt.anonymous && prompt.poster.username !== "Anonymous" ? " (anonymously)" : ""} ·{" "}
        {DATE.format(new Date(prompt.createdAt))} · {prompt.claimCount} {prompt.claimCount === 1 ? "claim" : "claims"}
      </p>
      <div className="flex flex-wrap gap-2">
        {prompt.claimed ? (
          <Button
            variant="outline"
            size="sm"
            disabled={claim.isPending}
            onClick={() => claim.mutate({ id: prompt.id, claim: false }, { onError: fail("Could not unclaim") })}
          >
            Unclaim
          </Button>
        ) : (
          open && (
            <Button
              size="sm"
              disabled={claim.isPending}
              onClick={() => claim.mutate({ id: prompt.id, claim: true }, { onError: fail("Could not claim") })}
            >
              Claim
            </Button>
          )
        )}
        {prompt.collection.promptMeme !== "none" && (
          <Button variant="outline" size="sm" onClick={() => setFilling(true)}>
            Fill this prompt
          </Button>
        )}
        {prompt.canDelete && prompt.fills.length === 0 && (
          <Button
            variant="ghost"
            size="sm"
            disabled={remove.isPending}
            onClick={() => remove.mutate(prompt.id, { onError: fail("Could not delete the prompt") })}
          >
            <Trash2 className="h-4 w-4" aria-hidden /> Delete
          </Button>
        )}
      </div>
      {prompt.fills.length > 0 && (
        <section aria-label="Fills" className="border-t border-brand-100 pt-3">
          <h3 className="text-sm font-semibold text-ink">
            {prompt.fills.length} {prompt.fills.length === 1 ? "fill" : "fills"}
          </h3>
          <ul className="mt-1 space-y-1 text-sm">
            {prompt.fills.map((work) => (
              <li key={work.id} className="break-words">
                <Link href={ROUTES.read(work.id)} className="font-semibold text-brand-700 hover:underline">
                  {work.title.trim() || "Untitled"}
                </Link>{" "}
                <span className="text-slate-600">by {work.author.username}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <FillDialog prompt={prompt} open={filling} onOpenChange={setFilling} />
    </article>
  );
}
