// 'Part 2 of The Copper Road' in the reader, with the previous and next part (from the read view: the neighbours
// whoever may read this work may read too).
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { type SeriesPart, seriesPartText } from "../../../shared/schemas/series";

const linkClass =
  "inline-flex min-w-0 items-center gap-1 font-medium text-brand-700 underline-offset-4 hover:underline";

export function SeriesParts({ parts }: { parts: readonly SeriesPart[] | undefined }) {
  if (!parts || parts.length === 0) return null;
  return (
    <div className="space-y-2" data-testid="series-parts">
      {parts.map((part) => (
        <nav
          key={part.seriesId}
          aria-label={`Series: ${part.title}`}
          className="rounded-xl border border-brand-100 bg-brand-50/60 px-3 py-2 text-sm"
        >
          <p className="break-words text-slate-700">
            {seriesPartText(part)} {/* A plain link: the series page is the server's. */}
            <a href={part.path} className="font-semibold text-ink underline decoration-brand-200 underline-offset-4">
              {part.title}
            </a>
          </p>
          {(part.previous || part.next) && (
            <p className="mt-1 flex flex-wrap justify-between gap-x-4 gap-y-1">
              {part.previous ? (
                <Link href={ROUTES.read(part.previous.id)} rel="prev" className={linkClass}>
                  <ChevronLeft className="h-4 w-4 shrink-0" aria-hidden />
                  <span className="truncate">
                    Part {part.previous.position}: {part.previous.title}
                  </span>
                </Link>
              ) : (
                <span />
              )}
              {part.next && (
                <Link href={ROUTES.read(part.next.id)} rel="next" className={`${linkClass} ml-auto`}>
                  <span className="truncate">
                    Part {part.next.position}: {part.next.title}
                  </span>
                  <ChevronRight className="h-4 w-4 shrink-0" aria-hidden />
                </Link>
              )}
            </p>
          )}
        </nav>
      ))}
    </div>
  );
}
