// The wrangling queue: new tags no wrangler has decided on, most used first. Each can be made canonical, made a
// synonym of a canonical tag, or (characters and relationships) given a fandom. Fandoms the works using a tag name
// are offered as suggestions only: nothing is set until a person chooses it.
import { Tags } from "lucide-react";
import { useId, useState } from "react";
import { FANDOMS } from "../../../shared/catalogues";
import type { QueueTag, WrangledTag } from "../../../shared/schemas/wrangling";
import { tagPath } from "../../../shared/tagging";
import { Button } from "../../components/ui/button";
import { Input, Label } from "../../components/ui/input";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { useTagSuggestions } from "../tags/queries";
import { useWrangle, useWranglingQueue, type WranglingAct } from "./queries";

const KIND_LABELS = { relationship: "Relationship", character: "Character", freeform: "Additional tag" } as const;

function useAct() {
  const wrangle = useWrangle();
  // NOTE: the promise, not mutate's callbacks: a wrangled tag's card leaves the queue (unmounts) as the queue reloads,
  // and mutate's callbacks never run for an unmounted component.
  const run = (act: WranglingAct, done: string) =>
    wrangle.mutateAsync(act).then(
      () => toast({ title: done }),
      (error: unknown) => toast({ title: errorMessage(error, "Couldn't wrangle that tag"), variant: "destructive" }),
    );
  return { run, pending: wrangle.isPending };
}

export function WranglingQueue() {
  const [q, setQ] = useState("");
  const queue = useWranglingQueue(q);
  const items = queue.data?.items ?? [];
  const filterId = useId();
  return (
    <div className="space-y-10">
      <section aria-labelledby="wrangling-heading" className="space-y-4">
        <div className="space-y-1">
          <h1 id="wrangling-heading" className="font-serif text-3xl font-bold text-ink">
            Tag wrangling
          </h1>
          <p className="text-sm text-slate-600">
            New tags, most used first. A synonym filters as its canonical tag; nothing changes until you decide.
          </p>
        </div>
        <div className="max-w-sm space-y-1.5">
          <Label htmlFor={filterId}>Find a tag in the queue</Label>
          <Input
            id={filterId}
            type="search"
            value={q}
            maxLength={100}
            placeholder="Part of a tag's name"
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
        {queue.isLoading ? (
          <p className="text-sm text-slate-500">Loading the queue…</p>
        ) : queue.isError ? (
          <p className="text-sm text-red-700">
            {errorMessage(queue.error, "Couldn't load the queue. Please try again.")}
          </p>
        ) : items.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-brand-200 bg-white p-8 text-center text-slate-600">
            <Tags className="mx-auto mb-2 h-6 w-6 text-brand-400" aria-hidden />
            {q.trim() ? "No unwrangled tag matches." : "Every tag in use has been wrangled. New tags show up here."}
          </div>
        ) : (
          <ul className="space-y-4">
            {items.map((tag) => (
              <QueueCard key={tag.name} tag={tag} />
            ))}
          </ul>
        )}
      </section>
      {(queue.data?.recent.length ?? 0) > 0 && <Recent tags={queue.data?.recent ?? []} />}
    </div>
  );
}

function QueueCard({ tag }: { tag: QueueTag }) {
  const { run, pending } = useAct();
  const uses = Object.entries(tag.usesByKind)
    .map(([kind, n]) => `${n} as ${KIND_LABELS[kind as keyof typeof KIND_LABELS].toLowerCase()}`)
    .join(", ");
  return (
    <li
      className="space-y-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm sm:p-5"
      data-testid="wrangling-item"
      data-tag={tag.name}
    >
      <div className="flex flex-wrap items-center gap-2">
        <a href={tagPath(tag.name)} className="break-all font-semibold text-ink hover:underline">
          {tag.name}
        </a>
        <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
          {KIND_LABELS[tag.kind]}
        </span>
        <span className="text-sm text-slate-600">
          {tag.uses} {tag.uses === 1 ? "work" : "works"}
          {Object.keys(tag.usesByKind).length > 1 ? ` (${uses})` : ""}
        </span>
      </div>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <SynonymForm tag={tag} />
        <Button
          variant="outline"
          disabled={pending}
          onClick={() => run({ act: "canonical", name: tag.name }, `${tag.name} is canonical`)}
        >
          Make canonical
        </Button>
      </div>
      {tag.kind !== "freeform" && <FandomForm tag={tag} />}
    </li>
  );
}

function SynonymForm({ tag }: { tag: QueueTag }) {
  const id = useId();
  const [of, setOf] = useState("");
  const suggestions = useTagSuggestions(of, tag.kind).filter((s) => s.toLowerCase() !== tag.name.toLowerCase());
  const { run, pending } = useAct();
  return (
    <form
      className="flex flex-1 flex-col gap-1.5 sm:flex-row sm:items-end sm:gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (of.trim()) run({ act: "synonym", name: tag.name, of }, `${tag.name} is now a synonym of ${of.trim()}`);
      }}
    >
      <div className="flex-1 space-y-1.5">
        <Label htmlFor={id}>Synonym of</Label>
        <Input
          id={id}
          value={of}
          list={`${id}-list`}
          placeholder="The canonical tag"
          autoComplete="off"
          onChange={(event) => setOf(event.target.value)}
        />
        <datalist id={`${id}-list`}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      </div>
      <Button type="submit" disabled={pending || !of.trim()}>
        Make synonym
      </Button>
    </form>
  );
}

function FandomForm({ tag }: { tag: QueueTag }) {
  const id = useId();
  const [fandom, setFandom] = useState("");
  const { run, pending } = useAct();
  const suggested = new Set(tag.suggestedFandoms.map((s) => s.fandom));
  return (
    <form
      className="flex flex-col gap-1.5 sm:flex-row sm:items-end sm:gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (fandom) run({ act: "fandom", name: tag.name, fandom }, `${tag.name} belongs to ${fandom}`);
      }}
    >
      <div className="flex-1 space-y-1.5">
        <Label htmlFor={id}>Fandom</Label>
        <select
          id={id}
          value={fandom}
          onChange={(event) => setFandom(event.target.value)}
          className="h-10 w-full rounded-lg border border-brand-200 bg-white px-3 text-sm text-ink"
        >
          <option value="">Choose a fandom…</option>
          {tag.suggestedFandoms.length > 0 && (
            <optgroup label="Named by the works using it">
              {tag.suggestedFandoms.map((s) => (
                <option key={s.fandom} value={s.fandom}>
                  {s.fandom} ({s.works} {s.works === 1 ? "work" : "works"})
                </option>
              ))}
            </optgroup>
          )}
          <optgroup label="All fandoms">
            {FANDOMS.filter((f) => !suggested.has(f)).map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </optgroup>
        </select>
        {tag.suggestedFandoms.length > 0 && (
          <p className="text-xs text-slate-500">
            Suggested: {tag.suggestedFandoms.map((s) => s.fandom).join(", ")}. Set only if the tag belongs there.
          </p>
        )}
      </div>
      <Button type="submit" variant="outline" disabled={pending || !fandom}>
        Set fandom
      </Button>
    </form>
  );
}

function Recent({ tags }: { tags: WrangledTag[] }) {
  const { run, pending } = useAct();
  return (
    <section aria-labelledby="recent-heading" className="space-y-3">
      <h2 id="recent-heading" className="font-serif text-xl font-bold text-ink">
        Recently wrangled
      </h2>
      <ul className="divide-y divide-brand-100 rounded-2xl border border-brand-100 bg-white">
        {tags.map((tag) => (
          <li key={tag.name} className="flex flex-wrap items-center gap-2 px-4 py-3 text-sm" data-testid="wrangled-tag">
            <span className="break-all font-semibold text-ink">{tag.name}</span>
            <span className="text-slate-600">
              {tag.synonymOf ? `synonym of ${tag.synonymOf}` : tag.canonical ? "canonical" : KIND_LABELS[tag.kind]}
              {tag.fandom ? ` · ${tag.fandom}` : ""}
            </span>
            {tag.synonymOf && (
              <Button
                className="ml-auto"
                variant="ghost"
                size="sm"
                disabled={pending}
                onClick={() => run({ act: "undo", name: tag.name }, `${tag.name} is no longer a synonym`)}
              >
                Undo synonym
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
