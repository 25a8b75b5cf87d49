// /dashboard/series/{id}: rename and describe a series, mark it complete, put its works in order (Up / Down), take
// one out, add one of the writer's published works, manage the series' lorebook (issue 32), or delete the series.
import { ArrowDown, ArrowUp, ExternalLink, Plus, Trash2, X } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { type MySeriesItem, SERIES_LIMITS, SeriesUpdate } from "../../../shared/schemas/series";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from "../../components/ui/alert-dialog";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input, Label, Textarea } from "../../components/ui/input";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";
import { useMyStoriesQuery } from "../stories/queries";
import { useAddSeriesWork, useDeleteSeries, useMySeries, useRemoveSeriesWork, useUpdateSeries } from "./queries";
import { SeriesLorebook } from "./SeriesLorebook";

const failed = (error: Error) => toast({ title: errorMessage(error), variant: "destructive" });

function DetailsForm({ item }: { item: MySeriesItem }) {
  const id = useId();
  const update = useUpdateSeries(item.id);
  const [title, setTitle] = useState(item.title);
  const [description, setDescription] = useState(item.description);
  const [error, setError] = useState<{ title?: string; description?: string }>({});
  useEffect(() => {
    setTitle(item.title);
    setDescription(item.description);
  }, [item.title, item.description]);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = SeriesUpdate.safeParse({ title, description });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setError({ [String(issue?.path[0] ?? "title")]: issue?.message });
    }
    setError({});
    update.mutate(parsed.data, {
      onSuccess: () => toast({ title: "Series saved" }),
      onError: (failure) => setError({ title: errorMessage(failure) }),
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Series details" className="space-y-3">
      <FormField id={`${id}-title`} label="Series title" error={error.title}>
        <Input value={title} maxLength={SERIES_LIMITS.title} onChange={(e) => setTitle(e.target.value)} />
      </FormField>
      <FormField id={`${id}-description`} label="Description" error={error.description}>
        <Textarea
          value={description}
          maxLength={SERIES_LIMITS.description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </FormField>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={update.isPending}>
          Save changes
        </Button>
        <span className="flex items-center gap-2">
          <input
            id={`${id}-complete`}
            type="checkbox"
            className="h-4 w-4 accent-brand-600"
            checked={item.complete}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ complete: e.target.checked }, { onError: failed })}
          />
          <Label htmlFor={`${id}-complete`}>Complete</Label>
        </span>
      </div>
    </form>
  );
}

function WorkList({ item }: { item: MySeriesItem }) {
  const update = useUpdateSeries(item.id);
  const remove = useRemoveSeriesWork(item.id);
  const ids = item.works.map((w) => w.storyId);
  const move = (from: number, to: number) => {
    const order = [...ids];
    const [moved] = order.splice(from, 1);
    order.splice(to, 0, moved!);
    update.mutate({ order }, { onError: failed });
  };
  const busy = update.isPending || remove.isPending;
  if (item.works.length === 0) return <p className="text-slate-600">No works in this series yet.</p>;
  return (
    <ol className="space-y-2" aria-label="Works in order" data-testid="series-works">
      {item.works.map((work, i) => (
        <li
          key={work.storyId}
          className="flex flex-wrap items-center gap-2 rounded-xl border border-brand-100 bg-white px-3 py-2 sm:flex-nowrap"
        >
          <span className="w-14 shrink-0 text-xs font-semibold uppercase tracking-wide text-brand-700">
            Part {i + 1}
          </span>
          <span className="min-w-0 flex-1 break-words font-medium text-ink">
            {work.title}
            {!work.published && <span className="ml-2 text-xs text-slate-500">(unpublished)</span>}
          </span>
          <span className="flex shrink-0 gap-1">
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Move ${work.title} up`}
              disabled={busy || i === 0}
              onClick={() => move(i, i - 1)}
            >
              <ArrowUp className="h-4 w-4" aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Move ${work.title} down`}
              disabled={busy || i === item.works.length - 1}
              onClick={() => move(i, i + 1)}
            >
              <ArrowDown className="h-4 w-4" aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove ${work.title} from the series`}
              disabled={busy}
              onClick={() => remove.mutate(work.storyId, { onError: failed })}
            >
              <X className="h-4 w-4" aria-hidden />
            </Button>
          </span>
        </li>
      ))}
    </ol>
  );
}

function AddWork({ item }: { item: MySeriesItem }) {
  const id = useId();
  const stories = useMyStoriesQuery();
  const add = useAddSeriesWork();
  const queryClient = useQueryClient();
  // A work published elsewhere (another tab, the API) since the list was fetched is offered too.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.myStories });
  }, [queryClient]);
  const inSeries = new Set(item.works.map((w) => w.storyId));
  const choices = (stories.data ?? []).filter((s) => s.published && !inSeries.has(s.id));
  const [choice, setChoice] = useState("");
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!choice) return;
    add.mutate({ id: item.id, storyId: Number(choice) }, { onSuccess: () => setChoice(""), onError: failed });
  };
  return (
    <form onSubmit={onSubmit} aria-label="Add a work" className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex-1 space-y-1.5">
        <Label htmlFor={`${id}-work`}>Add one of your published works</Label>
        <select
          id={`${id}-work`}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          className="h-10 w-full rounded-lg border border-brand-200 bg-white px-3 text-sm text-ink"
        >
          <option value="">{choices.length === 0 ? "No published works to add" : "Choose a work"}</option>
          {choices.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={!choice || add.isPending}>
        <Plus className="h-4 w-4" aria-hidden /> Add to series
      </Button>
    </form>
  );
}

function DeleteSeries({ item }: { item: MySeriesItem }) {
  const remove = useDeleteSeries();
  const [, navigate] = useLocation();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" className="text-red-700">
          <Trash2 className="h-4 w-4" aria-hidden /> Delete series
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        title="Delete this series?"
        description="Its works stay published; they just stop being parts of it, and its subscribers hear no more."
      >
        <AlertDialogCancel>Cancel</AlertDialogCancel>
        <AlertDialogAction
          variant="destructive"
          onClick={() =>
            remove.mutate(item.id, {
              onSuccess: () => navigate(ROUTES.seriesList),
              onError: failed,
            })
          }
        >
          Delete
        </AlertDialogAction>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export function SeriesEditor({ id }: { id: number }) {
  const mine = useMySeries();
  const item = mine.data?.series.find((s) => s.id === id);
  return (
    <div className="mx-auto w-full max-w-3xl space-y-8 px-4 py-8 sm:px-6">
      <Link href={ROUTES.seriesList} className="text-sm font-medium text-brand-700 hover:underline">
        ← All series
      </Link>
      {mine.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : !item ? (
        <div className="space-y-2 text-center">
          <h1 className="text-2xl font-bold text-ink">Series not found</h1>
          <Link href={ROUTES.seriesList} className="text-brand-700 underline">
            Back to your series
          </Link>
        </div>
      ) : (
        <>
          <header className="flex flex-wrap items-baseline justify-between gap-2">
            <h1 className="min-w-0 break-words font-serif text-3xl font-bold text-ink">{item.title}</h1>
            {/* A plain link: the public page is the server's. */}
            <a
              href={item.path}
              className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
            >
              Public page <ExternalLink className="h-4 w-4" aria-hidden />
            </a>
          </header>
          <DetailsForm item={item} />
          <section aria-labelledby="works-heading" className="space-y-4">
            <h2 id="works-heading" className="text-xl font-bold text-ink">
              Works
            </h2>
            <WorkList item={item} />
            <AddWork item={item} />
          </section>
          <SeriesLorebook seriesId={item.id} />
          <DeleteSeries item={item} />
        </>
      )}
    </div>
  );
}
