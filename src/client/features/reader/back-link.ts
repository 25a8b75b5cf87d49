// Where the reader's 'Back to Discover' goes: the dashboard's Discover section, or the browse page
// (/dashboard/discover) when the reader was opened from there. The browse page says so in the history entry's
// state (`<Link href={ROUTES.read(id)} state={FROM_BROWSE}>`), which also survives a reload of the reader.
import { ROUTES } from "../../../shared/routes";

export const BROWSE_PATH = "/dashboard/discover";
export const FROM_BROWSE = { from: "discover" } as const;

export function backHref(historyState: unknown): string {
  const from = (historyState as { from?: unknown } | null | undefined)?.from;
  return from === FROM_BROWSE.from ? BROWSE_PATH : ROUTES.dashboard;
}
