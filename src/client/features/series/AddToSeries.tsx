// 'Add to series' on a story's details page: the writer's series this published work is in, and one to add it to.
import { Library } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/input";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { useAddSeriesWork, useMySeries } from "./queries";

export function AddToSeries({ storyId, published }: { storyId: number; published: boolean }) {
  const id = useId();
  const mine = useMySeries();
  const add = useAddSeriesWork();
  const [choice, setChoice] = useState("");
  const all = mine.data?.series ?? [];
  const holding = all.filter((s) => s.works.some((w) => w.storyId === storyId));
  const others = all.filter((s) => !holding.includes(s));
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!choice) return;
    add.mutate(
      { id: Number(choice), storyId },
      {
        onSuccess: (view) => {
          setChoice("");
          toast({ title: `Added to ${view.title}` });
        },
        onError: (error) => toast({ title: errorMessage(error), variant: "destructive" }),
      },
    );
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3" data-testid="add-to-series">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold text-ink">
        <Library className="h-5 w-5 text-brand-600" aria-hidden /> Series
      </h2>
      {holding.length > 0 && (
        <ul className="space-y-1 text-sm text-slate-700">
          {holding.map((s) => (
            <li key={s.id}>
              Part {s.works.findIndex((w) => w.storyId === storyId) + 1} of{" "}
              <Link href={ROUTES.seriesEdit(s.id)} className="font-semibold text-brand-700 hover:underline">
                {s.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {!published ? (
        <p className="text-sm text-slate-600">Publish this story to add it to a series.</p>
      ) : others.length === 0 ? (
        <p className="text-sm text-slate-600">
          <Link href={ROUTES.seriesList} className="font-semibold text-brand-700 hover:underline">
            Start a series
          </Link>{" "}
          to put your works in order.
        </p>
      ) : (
        <form onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1 space-y-1.5">
            <Label htmlFor={`${id}-series`}>Add to series</Label>
            <select
              id={`${id}-series`}
              value={choice}
              onChange={(e) => setChoice(e.target.value)}
              className="h-10 w-full rounded-lg border border-brand-200 bg-white px-3 text-sm text-ink"
            >
              <option value="">Choose a series</option>
              {others.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={!choice || add.isPending}>
            Add
          </Button>
        </form>
      )}
    </section>
  );
}
