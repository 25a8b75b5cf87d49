// One story in 'Continue reading' or History: cover, title, author, its AI badge and how far the reader got.
import { BookOpen } from "lucide-react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import type { AiLabel } from "../../../shared/ai-label";
import type { HistoryItem } from "../../../shared/schemas/reading-stats";
import { AiBadge } from "../ai/AiBadge";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** A history row may carry the work's AI label and share (absent: human-written). */
type LabelledHistoryItem = HistoryItem & { aiLabel?: AiLabel; aiShare?: number };

export function HistoryItemRow({ item }: { item: LabelledHistoryItem }) {
  const percent = Math.round(item.overall * 100);
  return (
    <Link
      href={ROUTES.read(item.storyId)}
      className="flex items-center gap-3 rounded-xl border border-brand-100 bg-white p-2.5 shadow-sm transition-shadow hover:shadow-md"
    >
      {item.coverImage ? (
        <img src={item.coverImage} alt="" loading="lazy" className="h-14 w-14 shrink-0 rounded-lg object-cover" />
      ) : (
        <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-400">
          <BookOpen className="h-6 w-6" aria-hidden />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-ink">{item.title}</span>
        <span className="block truncate text-sm text-slate-600">by {item.authorUsername}</span>
        <AiBadge label={item.aiLabel} aiShare={item.aiShare} className="mt-1" />
        <span className="mt-1 flex items-center gap-2 text-xs text-slate-500">
          <span className="h-1.5 w-20 overflow-hidden rounded-full bg-brand-50" aria-hidden>
            <span className="block h-full rounded-full bg-brand-500" style={{ width: `${percent}%` }} />
          </span>
          <span>
            {percent}% · Chapter {item.chapter} · {dateFormat.format(new Date(item.updatedAt))}
          </span>
        </span>
      </span>
    </Link>
  );
}
