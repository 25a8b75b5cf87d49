// /dashboard/assignments: the viewer's gift exchange assignments — the recipient, their requests and prompt, the due
// date — with 'Post your gift' (one of my published works) and 'Default'.
import { Gift } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import type { MyAssignmentView } from "../../../shared/schemas/exchange";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/input";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { useMyStoriesQuery } from "../stories/queries";
import { when } from "./ExchangeSignupView";
import { useAssignmentAction, useMyAssignments } from "./queries";

const failed = (error: Error) => toast({ title: errorMessage(error), variant: "destructive" });

function PostGift({ assignment }: { assignment: MyAssignmentView }) {
  const id = useId();
  const stories = useMyStoriesQuery();
  const act = useAssignmentAction();
  const [choice, setChoice] = useState("");
  const published = (stories.data ?? []).filter((s) => s.published);
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <form
        className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-end"
        aria-label="Post your gift"
        onSubmit={(event) => {
          event.preventDefault();
          if (!choice) return;
          act.mutate(
            { id: assignment.id, action: "fulfil", storyId: Number(choice) },
            { onSuccess: () => toast({ title: "Your gift is posted" }), onError: failed },
          );
        }}
      >
        <div className="min-w-0 flex-1 space-y-1.5">
          <Label htmlFor={`${id}-work`}>Post your gift</Label>
          <select
            id={`${id}-work`}
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            className="h-10 w-full rounded-lg border border-brand-200 bg-white px-3 text-sm text-ink"
          >
            <option value="">{published.length === 0 ? "Publish your gift first" : "Choose one of your works"}</option>
            {published.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={!choice || act.isPending}>
          Post your gift
        </Button>
      </form>
      <Button
        variant="outline"
        disabled={act.isPending}
        onClick={() => {
          if (!window.confirm("Step back from this assignment? The maintainers will find a pinch hitter.")) return;
          act.mutate(
            { id: assignment.id, action: "default" },
            { onSuccess: () => toast({ title: "You have defaulted" }), onError: failed },
          );
        }}
      >
        Default
      </Button>
    </div>
  );
}

function AssignmentCard({ a }: { a: MyAssignmentView }) {
  const requests = [...a.requests.fandoms, ...a.requests.characters, ...a.requests.relationships];
  return (
    <li className="space-y-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm" data-testid="my-assignment">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="break-words font-serif text-lg font-bold text-ink">
          For {a.recipient}
          {a.pinchHit ? <span className="ml-2 text-sm font-normal text-brand-700">pinch hit</span> : null}
        </h2>
        <Link href={ROUTES.exchange(a.collection.name)} className="text-sm text-brand-700 underline">
          {a.collection.title}
        </Link>
      </div>
      <p className="text-sm text-slate-700">
        <span className="font-semibold">Due:</span> {when(a.dueAt)}
      </p>
      <p className="break-words text-sm text-slate-700">
        <span className="font-semibold">They would like:</span> {requests.join(", ") || "anything"}
      </p>
      {a.prompt && (
        <blockquote className="whitespace-pre-wrap break-words border-l-4 border-brand-200 pl-3 text-sm text-slate-700">
          {a.prompt}
        </blockquote>
      )}
      {a.state === "defaulted" ? (
        <p className="text-sm text-slate-600">You defaulted on this assignment.</p>
      ) : a.story ? (
        <p className="text-sm text-slate-700">Gift posted: {a.story.title}</p>
      ) : (
        <PostGift assignment={a} />
      )}
    </li>
  );
}

export function MyAssignmentsView() {
  const mine = useMyAssignments();
  const list = mine.data ?? [];
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <header className="space-y-2">
        <h1 className="font-serif text-3xl font-bold text-ink">My assignments</h1>
        <p className="text-slate-600">The gifts you are writing in gift exchanges.</p>
      </header>
      {mine.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : mine.isError ? (
        <p className="text-slate-600">Your assignments could not be loaded. Try again in a moment.</p>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-brand-200 p-8 text-center">
          <Gift className="h-8 w-8 text-brand-300" aria-hidden />
          <p className="font-semibold text-ink">No assignments yet</p>
        </div>
      ) : (
        <ul className="space-y-4">
          {list.map((a) => (
            <AssignmentCard key={a.id} a={a} />
          ))}
        </ul>
      )}
    </div>
  );
}
