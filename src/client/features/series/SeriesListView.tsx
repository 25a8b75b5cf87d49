// /dashboard/series: the writer's series (each with its works, linking to its editor and its public page) and a form
// to start a new one.
import { Library, Plus } from "lucide-react";
import { useId, useState } from "react";
import { Link, useLocation } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { SERIES_LIMITS, SeriesCreate } from "../../../shared/schemas/series";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input, Textarea } from "../../components/ui/input";
import { Skeleton } from "../../components/ui/skeleton";
import { errorMessage } from "../../lib/api";
import { useCreateSeries, useMySeries } from "./queries";

function CreateSeriesForm() {
  const id = useId();
  const create = useCreateSeries();
  const [, navigate] = useLocation();
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<{ title?: string; description?: string }>({});

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = SeriesCreate.safeParse({ title, description });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setError({ [String(issue?.path[0] ?? "title")]: issue?.message });
    }
    setError({});
    create.mutate(parsed.data, {
      onSuccess: (created) => navigate(ROUTES.seriesEdit(created.id)),
      onError: (failure) => setError({ title: errorMessage(failure) }),
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="New series"
      className="space-y-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
    >
      <FormField id={`${id}-title`} label="Series title" error={error.title}>
        <Input
          value={title}
          maxLength={SERIES_LIMITS.title}
          placeholder="e.g. The Copper Road"
          onChange={(e) => setTitle(e.target.value)}
        />
      </FormField>
      <FormField id={`${id}-description`} label="Description (optional)" error={error.description}>
        <Textarea
          value={description}
          maxLength={SERIES_LIMITS.description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </FormField>
      <Button type="submit" disabled={create.isPending}>
        <Plus className="h-4 w-4" aria-hidden /> Create series
      </Button>
    </form>
  );
}

export function SeriesListView() {
  const mine = useMySeries();
  const list = mine.data?.series ?? [];
  return (
    <div className="mx-auto w-full max-w-4xl space-y-8 px-4 py-8 sm:px-6">
      <header className="space-y-2">
        <h1 className="font-serif text-3xl font-bold text-ink">Series</h1>
        <p className="text-slate-600">
          Put your published works in order: each one then says 'Part 2 of …' and links to the parts before and after
          it, and readers can subscribe to hear of the next.
        </p>
      </header>
      <CreateSeriesForm />
      <section aria-labelledby="my-series-heading" className="space-y-4">
        <h2 id="my-series-heading" className="text-xl font-bold text-ink">
          Your series
        </h2>
        {mine.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : mine.isError ? (
          <p className="text-slate-600">Your series could not be loaded. Try again in a moment.</p>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-brand-200 p-8 text-center">
            <Library className="h-8 w-8 text-brand-300" aria-hidden />
            <p className="font-semibold text-ink">No series yet</p>
          </div>
        ) : (
          <ul className="space-y-3" data-testid="my-series">
            {list.map((item) => (
              <li key={item.id} className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <Link
                    href={ROUTES.seriesEdit(item.id)}
                    className="break-words font-serif text-lg font-bold text-ink hover:text-brand-700"
                  >
                    {item.title}
                  </Link>
                  <span className="text-sm text-slate-600">
                    {item.works.length} {item.works.length === 1 ? "work" : "works"}
                    {item.complete ? " · Complete" : ""}
                  </span>
                </div>
                {item.works.length > 0 && (
                  <ol className="mt-2 list-decimal space-y-0.5 pl-6 text-sm text-slate-700">
                    {item.works.map((w) => (
                      <li key={w.storyId} className="break-words">
                        {w.title}
                      </li>
                    ))}
                  </ol>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
