// Issue 31: a reader's saved Discover filters: 'Save these filters' names the current ones; each saved one opens in
// one click, can be made the reader's 'Always exclude' (its exclusions join every Discover view) and removed.
import { Bookmark, ShieldBan, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { exclusionsOf, SAVED_FILTER_LIMITS, type SavedFilter } from "../../../shared/schemas/saved-filters";
import { Button } from "../../components/ui/button";
import { Input, Label } from "../../components/ui/input";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { type DiscoverFilters, filtersToSearch } from "./filters";
import { useDeleteSavedFilter, useSaveFilter, useUpdateSavedFilter } from "./saved-filters-queries";

/** The query a saved filter keeps: the URL's filters, without this visit's 'off for this search'. */
export const savedQueryOf = (filters: DiscoverFilters) =>
  filtersToSearch({ ...filters, always: true }).replace(/^\?/, "");

const failed = (error: Error) => toast({ title: errorMessage(error), variant: "destructive" });

export function SavedFilters({ filters, saved }: { filters: DiscoverFilters; saved: readonly SavedFilter[] }) {
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const nameId = useId();
  const save = useSaveFilter();
  const update = useUpdateSavedFilter();
  const remove = useDeleteSavedFilter();
  const current = savedQueryOf(filters);

  const submit = () =>
    save.mutate(
      { name: name.trim(), query: current },
      {
        onSuccess: () => {
          toast({ title: "Filters saved", description: name.trim() });
          setNaming(false);
          setName("");
        },
        onError: failed,
      },
    );

  return (
    <section aria-label="Saved filters" className="flex flex-wrap items-center gap-2" data-testid="saved-filters">
      {saved.length > 0 && (
        <ul className="flex flex-wrap items-center gap-1.5">
          {saved.map((filter) => {
            const excludes = exclusionsOf(filter.query);
            const canExclude = excludes.exclude.length > 0 || excludes.crossover;
            return (
              <li
                key={filter.id}
                className={cn(
                  "flex max-w-full items-center rounded-full py-0.5 pl-3 pr-1 text-xs font-medium ring-1",
                  filter.query === current
                    ? "bg-brand-600 text-white ring-brand-600"
                    : "bg-white text-brand-800 ring-brand-200",
                )}
                data-testid="saved-filter"
              >
                <Link
                  href={`${ROUTES.discover}${filter.query ? `?${filter.query}` : ""}`}
                  className="truncate py-1 underline-offset-2 hover:underline"
                  aria-current={filter.query === current ? "true" : undefined}
                >
                  {filter.name}
                </Link>
                {canExclude && (
                  <button
                    type="button"
                    className={cn(
                      "ml-1 rounded-full p-1",
                      filter.isDefault
                        ? "bg-amber-100 text-amber-800"
                        : "opacity-70 hover:bg-brand-50 hover:opacity-100",
                    )}
                    aria-pressed={filter.isDefault}
                    aria-label={`Always exclude with ${filter.name}`}
                    title={filter.isDefault ? "Your 'Always exclude'" : "Make this your 'Always exclude'"}
                    disabled={update.isPending}
                    onClick={() =>
                      update.mutate(
                        { id: filter.id, isDefault: !filter.isDefault },
                        {
                          onSuccess: () =>
                            toast({
                              title: filter.isDefault
                                ? "'Always exclude' turned off"
                                : `'${filter.name}' is now your 'Always exclude'`,
                            }),
                          onError: failed,
                        },
                      )
                    }
                  >
                    <ShieldBan className="h-3.5 w-3.5" aria-hidden />
                  </button>
                )}
                <button
                  type="button"
                  className="rounded-full p-1 opacity-70 hover:bg-brand-50 hover:opacity-100"
                  aria-label={`Delete saved filter ${filter.name}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(filter.id, { onError: failed })}
                >
                  <Trash2 className="h-3.5 w-3.5" aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {naming ? (
        <form
          className="flex w-full flex-wrap items-end gap-2 sm:w-auto"
          onSubmit={(event) => {
            event.preventDefault();
            event.stopPropagation();
            submit();
          }}
        >
          <div className="min-w-0 flex-1 space-y-1 sm:w-56 sm:flex-none">
            <Label htmlFor={nameId}>Name these filters</Label>
            <Input
              id={nameId}
              value={name}
              maxLength={SAVED_FILTER_LIMITS.nameChars}
              autoFocus
              onChange={(event) => setName(event.target.value)}
              placeholder="e.g. No character death"
            />
          </div>
          <Button type="submit" size="sm" className="h-10" disabled={!name.trim() || save.isPending}>
            Save
          </Button>
          <Button type="button" size="sm" variant="ghost" className="h-10" onClick={() => setNaming(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <Button type="button" size="sm" variant="outline" onClick={() => setNaming(true)} data-testid="save-filters">
          <Bookmark className="h-4 w-4" aria-hidden />
          Save these filters
        </Button>
      )}
    </section>
  );
}
