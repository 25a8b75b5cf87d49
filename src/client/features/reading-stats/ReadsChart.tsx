// The 30-day chart of the author's stats: reads as bars, readers as a line, drawn as SVG from the server's days.
// It scales to its box (readable at 390 px); screen readers get its title and summary, and anyone the numbers as
// a table.
import { useId } from "react";
import type { StoryStatsDay } from "../../../shared/schemas/reading-stats";

// NOTE: the SVG stretches to its box (no aspect ratio kept) and the labels are HTML beside it, so the text stays
// its own size at 390 px and at 1280 px alike.
const W = 300;
const H = 100;
const TOP = 4;

const dayLabel = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", timeZone: "UTC" });
export const formatDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

/** A round top for the axis: 1, 2, 5 × 10^n at or above `max`. */
export function niceMax(max: number): number {
  if (max <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].map((m) => m * power).find((m) => m >= max) ?? 10 * power) as number;
}

export function ReadsChart({ days }: { days: StoryStatsDay[] }) {
  const id = useId();
  const top = niceMax(Math.max(...days.map((d) => Math.max(d.reads, d.readers)), 0));
  const step = W / days.length;
  const y = (n: number) => TOP + (H - TOP) * (1 - n / top);
  const totalReads = days.reduce((sum, d) => sum + d.reads, 0);
  const busiest = days.reduce((best, d) => (d.reads > best.reads ? d : best), days[0]!);
  const line = days.map((d, i) => `${(step * (i + 0.5)).toFixed(2)},${y(d.readers).toFixed(2)}`).join(" ");
  const middle = Math.floor((days.length - 1) / 2);
  return (
    <figure className="space-y-2">
      <div className="grid grid-cols-[auto_1fr] gap-x-2">
        <div className="relative h-40 w-6 text-right text-xs tabular-nums text-slate-500" aria-hidden>
          {[top, top / 2, 0].map((v, i) => (
            <span
              key={v}
              className="absolute right-0 -translate-y-1/2"
              style={{ top: `${((TOP + ((H - TOP) * i) / 2) / H) * 100}%` }}
            >
              {v}
            </span>
          ))}
        </div>
        <svg
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          className="h-40 w-full overflow-visible"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          data-testid="stats-chart"
        >
          <title id={`${id}-title`}>Reads and readers, last {days.length} days</title>
          <desc id={`${id}-desc`}>
            {`${totalReads} reads from ${formatDay(days[0]!.day)} to ${formatDay(days.at(-1)!.day)}` +
              (busiest.reads > 0 ? `; the busiest day was ${formatDay(busiest.day)} with ${busiest.reads}.` : ".")}
          </desc>
          {[0, top / 2, top].map((v) => (
            <line
              key={v}
              x1={0}
              x2={W}
              y1={y(v)}
              y2={y(v)}
              className="stroke-slate-200"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {days.map((d, i) => (
            <rect
              key={d.day}
              x={step * i + step * 0.15}
              width={step * 0.7}
              y={y(d.reads)}
              height={Math.max(0, H - y(d.reads))}
              className="fill-brand-400"
            />
          ))}
          <polyline
            points={line}
            fill="none"
            className="stroke-pink-600"
            strokeWidth={2}
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        <div className="col-start-2 flex justify-between text-xs text-slate-500" aria-hidden>
          <span>{formatDay(days[0]!.day)}</span>
          <span>{formatDay(days[middle]!.day)}</span>
          <span>{formatDay(days.at(-1)!.day)}</span>
        </div>
      </div>
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block h-2.5 w-2.5 rounded-sm bg-brand-400" aria-hidden /> Reads
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-4 bg-pink-600" aria-hidden /> Readers
        </span>
        <details className="ml-auto">
          <summary className="cursor-pointer text-brand-700">Show as table</summary>
          <table className="mt-2 w-full text-left text-xs">
            <thead>
              <tr>
                <th className="pr-4 font-semibold">Day</th>
                <th className="pr-4 font-semibold">Reads</th>
                <th className="font-semibold">Readers</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <td className="pr-4">{formatDay(d.day)}</td>
                  <td className="pr-4">{d.reads}</td>
                  <td>{d.readers}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </figcaption>
    </figure>
  );
}
