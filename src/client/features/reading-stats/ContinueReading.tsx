// 'Continue reading' on the dashboard: stories the reader started and has not finished, newest first (not their
// own). Hidden while there are none.
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { HistoryItemRow } from "./HistoryItemRow";
import { useContinueReading } from "./queries";

export function ContinueReading() {
  const { data } = useContinueReading();
  if (!data || data.items.length === 0) return null;
  return (
    <section aria-labelledby="continue-heading" data-testid="continue-reading">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="continue-heading" className="text-xl font-bold text-ink">
          Continue reading
        </h2>
        <Link href={ROUTES.history} className="text-sm font-medium text-brand-700 hover:text-brand-900">
          History
        </Link>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {data.items.map((item) => (
          <li key={item.storyId}>
            <HistoryItemRow item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}
