// Issue 32: the entries of the series the story is in, shown in the story's lorebook (read-only here; a series' owner
// edits them with the series: 'Edit in the series'). Marin reads them below the story's own entries and above canon packs.
import { Layers, Pencil } from "lucide-react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import type { LoreMentionsAnswer, SeriesLoreView } from "../../../shared/schemas/lore";
import { MentionLine, OffBadge } from "./LoreMentions";

export const EDIT_IN_SERIES = "Edit in the series";
export const SERIES_ENTRIES_NOTE =
  "Shared by every story in the series. This story's own entry of the same name is used instead.";

export function SeriesEntries({
  entries,
  mentions,
  children,
  onLeave,
}: {
  entries: SeriesLoreView[];
  mentions: LoreMentionsAnswer | undefined;
  /** How an entry's text is shown (the lorebook's own EntryText). */
  children: (entry: SeriesLoreView) => React.ReactNode;
  /** Closes the lorebook as a link leaves for the series page. */
  onLeave?: () => void;
}) {
  if (entries.length === 0) return null;
  const series = [...new Map(entries.map((e) => [e.seriesId ?? 0, e.seriesTitle])).entries()];
  return (
    <section aria-labelledby="lore-series">
      <h3 id="lore-series" className="mb-1 flex items-center gap-1.5 text-sm font-semibold text-ink">
        <Layers className="h-4 w-4 text-brand-600" aria-hidden /> From your series
      </h3>
      <p className="mb-2 text-xs text-slate-500">{SERIES_ENTRIES_NOTE}</p>
      <p className="mb-2 flex flex-wrap gap-x-3 gap-y-1 text-xs">
        {series.map(([id, title]) => (
          <Link
            key={id}
            href={`${ROUTES.seriesEdit(id)}#series-lore`}
            onClick={onLeave}
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-800"
          >
            <Pencil className="h-3.5 w-3.5" aria-hidden />
            {/* One series (the usual case) says just that; several name theirs. */}
            {series.length === 1 ? EDIT_IN_SERIES : `${EDIT_IN_SERIES} ${title}`}
          </Link>
        ))}
      </p>
      <ul className="space-y-2">
        {entries.map((entry) => (
          <li
            key={entry.id}
            className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-slate-50 p-3 data-[overridden=true]:opacity-60 sm:flex-row sm:items-start sm:gap-2"
            data-overridden={entry.overridden}
          >
            <div className="min-w-0 flex-1">
              {children(entry)}
              <MentionLine mention={mentions?.mentions[entry.id]} />
            </div>
            <span className="flex shrink-0 items-center gap-1 text-[11px] text-slate-500">
              <OffBadge enabled={entry.enabled} />
              {entry.overridden ? "Overridden" : `series: ${entry.seriesTitle}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
