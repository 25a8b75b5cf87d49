// The 30-day chart of the author's stats: reads as bars, readers as a line, drawn as SVG from the server's days.
// It scales to its box (readable at 390 px); screen readers get its title and summary, and anyone the numbers as
// a table.
import { useId } from "react";
import type { StoryStatsDay } from "../../../shared/schemas/reading-stats";

const W = 600;
const H = 180;
const PAD = { top: 12, right: 8, bottom: 26, left: 34 };

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
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = innerW / days.length;
  const y = (n: number) => PAD.top + innerH - (n / top) * innerH;
  const totalReads = days.reduce((sum, d) => sum + d.reads, 0);
  const busiest = days.reduce((best, d) => (d.reads > best.reads ? d : best), days[0]!);
  const line = days.map((d, i) => `${(PAD.left + step * (i + 0.5)).toFixed(1)},${y(d.readers).toFixed(1)}`).join(" ");
  const ticks = [0, Math.floor((days.length - 1) / 2), days.length - 1];
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full"
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
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className="stroke-slate-200" strokeWidth={1} />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" className="fill-slate-500 text-[13px]">
              {v}
            </text>
          </g>
        ))}
        {days.map((d, i) => (
          <rect
            key={d.day}
            x={PAD.left + step * i + step * 0.15}
            width={step * 0.7}
            y={y(d.reads)}
            height={Math.max(0, PAD.top + innerH - y(d.reads))}
            rx={2}
            className="fill-brand-400"
          />
        ))}
        <polyline points={line} fill="none" className="stroke-pink-600" strokeWidth={2} strokeLinejoin="round" />
        {ticks.map((i) => (
          <text
            key={i}
            x={PAD.left + step * (i + 0.5)}
            y={H - 6}
            textAnchor={i === 0 ? "start" : i === days.length - 1 ? "end" : "middle"}
            className="fill-slate-500 text-[13px]"
          >
            {formatDay(days[i]!.day)}
          </text>
        ))}
      </svg>
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
