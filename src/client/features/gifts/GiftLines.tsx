// The reader's lines for gifts and related works: 'For username' (with 'Refuse gift' for the recipient, after a
// confirmation), 'Inspired by <title> by <author>' (or 'Inspired by a work you can't see'), and on an original the
// works approved as coming from it.
import { Gift } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import {
  HIDDEN_ORIGINAL,
  INSPIRED_WORKS_HEADING,
  type InspiredWorkView,
  languageNote,
  RELATION_LABELS,
  type RelatedWorkView,
} from "../../../shared/schemas/gifts";
import type { ReadStoryView } from "../../../shared/schemas/reading";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { useAuth } from "../auth/auth-context";
import { useAnswerLink, useRefuseGift } from "./queries";

const linkClass = "font-semibold text-ink underline decoration-brand-200 underline-offset-4 hover:text-brand-700";

// A plain link: the author page is the server's (/u/{name}), not a client route.
const AuthorLink = ({ name }: { name: string }) => (
  <a href={ROUTES.author(name)} className={linkClass}>
    {name}
  </a>
);

function RelatedLine({ link }: { link: RelatedWorkView }) {
  const label = RELATION_LABELS[link.relation];
  const note = languageNote(link.relation, link.language);
  if (link.kind === "outside") {
    return (
      <li>
        {label}{" "}
        <a href={link.url} className={linkClass} rel="nofollow ugc noopener noreferrer" target="_blank">
          {link.title}
        </a>
        {link.author ? ` by ${link.author}` : ""}
        {note}
      </li>
    );
  }
  if (!link.story) {
    return (
      <li>
        {label} {HIDDEN_ORIGINAL}
        {note}
      </li>
    );
  }
  return (
    <li>
      {label}{" "}
      <Link href={ROUTES.read(link.story.id)} className={linkClass}>
        {link.story.title}
      </Link>{" "}
      by <AuthorLink name={link.story.author} />
      {note}
    </li>
  );
}

export function GiftLines({ story }: { story: ReadStoryView }) {
  const { user } = useAuth();
  const giftedTo = story.giftedTo ?? [];
  const related = story.relatedWorks ?? [];
  if (giftedTo.length === 0 && related.length === 0) return null;
  const mine = user && giftedTo.some((g) => g.username.toLowerCase() === user.username.toLowerCase());
  return (
    <div className="space-y-1.5 text-sm text-slate-700" data-testid="reader-gift-lines">
      {giftedTo.length > 0 && (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="reader-gifted-to">
          <Gift className="h-4 w-4 text-brand-500" aria-hidden />
          <span>
            For{" "}
            {giftedTo.map((g, i) => (
              <span key={g.username}>
                {i > 0 ? ", " : ""}
                <AuthorLink name={g.username} />
              </span>
            ))}
          </span>
          {mine ? <RefuseGift storyId={story.id} /> : null}
        </p>
      )}
      {related.length > 0 && (
        <ul className="space-y-1 [overflow-wrap:anywhere]" aria-label="Related works" data-testid="reader-related">
          {related.map((link, i) => (
            <RelatedLine key={i} link={link} />
          ))}
        </ul>
      )}
    </div>
  );
}

function RefuseGift({ storyId }: { storyId: number }) {
  const [open, setOpen] = useState(false);
  const refuse = useRefuseGift(storyId);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Refuse gift
      </Button>
      <Dialog open={open} onOpenChange={(next) => !refuse.isPending && setOpen(next)}>
        <DialogContent
          title="Refuse this gift?"
          description="Your name will be removed from this work everywhere, and its writer can't gift it to you again."
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)} disabled={refuse.isPending}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={refuse.isPending}
              onClick={() =>
                refuse.mutate(undefined, {
                  onSuccess: () => {
                    setOpen(false);
                    toast({ title: "Gift refused", description: "Your name is no longer on this work." });
                  },
                  onError: (error) =>
                    toast({
                      title: "Couldn't refuse the gift",
                      description: errorMessage(error),
                      variant: "destructive",
                    }),
                })
              }
            >
              {refuse.isPending ? <Spinner className="h-4 w-4" label="Refusing" /> : null}
              Refuse gift
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** 'Works inspired by this': the works whose links the original's author approved. */
export function InspiredWorks({ works }: { works: InspiredWorkView[] | undefined }) {
  if (!works || works.length === 0) return null;
  return (
    <section className="reader-measure mt-10" aria-labelledby="inspired-heading" data-testid="reader-inspired">
      <h2 id="inspired-heading" className="mb-2 text-lg font-semibold text-ink">
        {INSPIRED_WORKS_HEADING}
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-slate-700 [overflow-wrap:anywhere]">
        {works.map((w) => (
          <li key={w.id}>
            <Link href={ROUTES.read(w.id)} className={linkClass}>
              {w.title}
            </Link>{" "}
            by <AuthorLink name={w.author} />
            {w.relation === "inspired-by" ? "" : ` (${RELATION_LABELS[w.relation].toLowerCase()} this)`}
          </li>
        ))}
      </ul>
    </section>
  );
}

const answerClass =
  "inline-flex cursor-pointer items-center gap-1 rounded font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-400 disabled:opacity-60";

/**
 * On a 'related_work' notification: 'Approve' while the link waits (the original then lists the new work under
 * 'Works inspired by this'); once approved, 'Remove from my work' takes it off the original again (the new work keeps
 * its own link).
 */
export function LinkAnswer({ subject }: { subject: { id: number; state: string } }) {
  const answer = useAnswerLink();
  const run = (approve: boolean) =>
    answer.mutate(
      { id: subject.id, approve },
      {
        onSuccess: () =>
          toast({
            title: approve ? "Link approved" : "Link removed",
            description: approve
              ? `Your work now lists it under '${INSPIRED_WORKS_HEADING}'.`
              : "Your work no longer lists it.",
          }),
        onError: (error) => toast({ title: errorMessage(error), variant: "destructive" }),
      },
    );
  return subject.state === "pending" ? (
    <button type="button" className={answerClass} disabled={answer.isPending} onClick={() => run(true)}>
      Approve
    </button>
  ) : (
    <>
      <span>Listed on your work</span>
      <button type="button" className={answerClass} disabled={answer.isPending} onClick={() => run(false)}>
        Remove from my work
      </button>
    </>
  );
}
