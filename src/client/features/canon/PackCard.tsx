// One of the writer's packs: its fandom, entry count, the stories it applies to, where it was copied from, and its
// actions (entries, publish or unpublish, delete).
import { ChevronDown, Globe, Lock, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import type { CanonPack } from "../../../shared/schemas/canon";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from "../../components/ui/alert-dialog";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { entryCountText } from "./copy-text";
import { PackEntries } from "./PackEntries";
import { useDeletePack, useSetPublished } from "./queries";

export function PackCard({ pack }: { pack: CanonPack }) {
  const [open, setOpen] = useState(false);
  const publish = useSetPublished();
  const remove = useDeletePack();
  const entriesId = `canon-pack-${pack.id}-entries`;
  const published = pack.publishedAt !== null;

  const togglePublished = () =>
    publish.mutate(
      { id: pack.id, published: !published },
      {
        onSuccess: () =>
          toast({
            title: published ? "Pack unpublished" : "Pack published",
            description: published ? undefined : `Writers in ${pack.fandom} can now find and copy it.`,
          }),
        onError: (error) => toast({ title: errorMessage(error), variant: "destructive" }),
      },
    );

  return (
    <article
      aria-labelledby={`canon-pack-${pack.id}`}
      className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm sm:p-5"
      data-testid="canon-pack"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 id={`canon-pack-${pack.id}`} className="text-lg font-semibold text-ink [overflow-wrap:anywhere]">
            {pack.fandom}
          </h3>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span>{entryCountText(pack.entryCount)}</span>
            <span className={cn("inline-flex items-center gap-1", published ? "text-emerald-700" : "text-slate-500")}>
              {published ? <Globe className="h-3.5 w-3.5" aria-hidden /> : <Lock className="h-3.5 w-3.5" aria-hidden />}
              {published ? "Published" : "Private"}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={togglePublished} disabled={publish.isPending}>
            {published ? "Unpublish" : "Publish"}
            <span className="sr-only"> {pack.fandom}</span>
          </Button>
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={`Delete the ${pack.fandom} pack`}>
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent
              title={`Delete the ${pack.fandom} pack?`}
              description={`Its ${entryCountText(pack.entryCount)} will be deleted too. Copies others made stay theirs.`}
            >
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction
                variant="destructive"
                onClick={() =>
                  remove.mutate(pack.id, {
                    onSuccess: () => toast({ title: "Pack deleted" }),
                    onError: (error) => toast({ title: errorMessage(error), variant: "destructive" }),
                  })
                }
              >
                Delete
              </AlertDialogAction>
            </AlertDialogContent>
          </AlertDialog>
        </div>
      </div>

      <p className="mt-2 text-sm text-slate-600 [overflow-wrap:anywhere]">
        {pack.stories.length === 0 ? (
          "None of your stories is set in this fandom yet."
        ) : (
          <>
            Used by{" "}
            {pack.stories.map((story, i) => (
              <span key={story.id}>
                {i > 0 && ", "}
                <Link href={ROUTES.story(story.id)} className="font-medium text-brand-700 hover:underline">
                  {story.title}
                </Link>
              </span>
            ))}
          </>
        )}
      </p>
      {pack.copiedFrom && (
        <p className="mt-1 text-xs text-slate-500">Copied from {pack.copiedFrom.ownerUsername}'s pack</p>
      )}

      <Button
        variant="link"
        size="sm"
        className="mt-2 px-0"
        aria-expanded={open}
        aria-controls={entriesId}
        onClick={() => setOpen(!open)}
      >
        <ChevronDown className={cn("h-4 w-4 transition-transform", open && "rotate-180")} aria-hidden />
        {open ? "Hide entries" : "Show entries"}
        <span className="sr-only"> of {pack.fandom}</span>
      </Button>
      {open && (
        <div id={entriesId} className="mt-2">
          <PackEntries packId={pack.id} editable />
        </div>
      )}
    </article>
  );
}
