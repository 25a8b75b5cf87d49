// The author's stats on the details page: totals, the 30-day chart and how far readers got through the chapters.
import { BarChart3 } from "lucide-react";
import { Skeleton } from "../../components/ui/skeleton";
import { useStoryStats } from "./queries";
import { ReadsChart } from "./ReadsChart";

const number = new Intl.NumberFormat();

function Tile({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <div className="rounded-xl bg-brand-50/60 p-3">
      <dt className="text-xs font-medium text-slate-600" title={hint}>
        {label}
      </dt>
      <dd
        className="mt-0.5 text-xl font-bold text-ink"
        data-testid={`stats-${label.toLowerCase().replace(/\s+/g, "-")}`}
      >
        {number.format(value)}
      </dd>
    </div>
  );
}

export function StoryStats({ storyId }: { storyId: number }) {
  const { data: stats, isError } = useStoryStats(storyId);
  return (
    <section
      aria-labelledby="stats-heading"
      className="space-y-5 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm sm:p-6"
      data-testid="story-stats"
    >
      <h2 id="stats-heading" className="flex items-center gap-2 text-lg font-semibold text-ink">
        <BarChart3 className="h-5 w-5 text-brand-600" aria-hidden />
        Stats
      </h2>
      {isError ? (
        <p className="text-sm text-slate-600">Stats could not be loaded. Try again in a moment.</p>
      ) : !stats ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
            <Tile label="Reads" value={stats.reads} />
            <Tile label="Unique readers" value={stats.readers} hint="Each reader counted once a day" />
            <Tile label="Likes" value={stats.likes} />
            <Tile label="Bookmarks" value={stats.bookmarks} />
            <Tile label="Comments" value={stats.comments} />
          </dl>
          <ReadsChart days={stats.days} />
          <ReadThrough chapters={stats.chapters} />
          <p className="text-xs text-slate-500">
            Readers are counted once a day each, without storing who they are. New reads show within a minute.
          </p>
        </>
      )}
    </section>
  );
}

function ReadThrough({ chapters }: { chapters: { chapter: number; readers: number }[] }) {
  if (chapters.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        Read-through appears here once readers reach the chapters of a story with chapter headings.
      </p>
    );
  }
  const first = Math.max(1, chapters[0]!.readers, ...chapters.map((c) => c.readers));
  return (
    <div>
      <h3 className="text-sm font-semibold text-ink">Read-through</h3>
      <ol className="mt-2 space-y-1.5" data-testid="stats-read-through">
        {chapters.map((c) => (
          <li key={c.chapter} className="grid grid-cols-[5.5rem_1fr_auto] items-center gap-2 text-sm">
            <span className="text-slate-600">Chapter {c.chapter}</span>
            <span className="h-2.5 overflow-hidden rounded-full bg-brand-50" aria-hidden>
              <span
                className="block h-full rounded-full bg-brand-500"
                style={{ width: `${(c.readers / first) * 100}%` }}
              />
            </span>
            <span className="tabular-nums text-slate-700">
              {number.format(c.readers)} {c.readers === 1 ? "reader" : "readers"}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
