// Where the reader's 'Back to Discover' goes: the dashboard's Discover section, or the browse page
// (/dashboard/discover) when the reader was opened from there. The browse page says so in the history entry's
// state (`<Link href={ROUTES.read(id)} state={FROM_BROWSE}>`), which also survives a reload of the reader.
import { ROUTES } from "../../../shared/routes";

export const BROWSE_PATH = "/dashboard/discover";
export const FROM_BROWSE = { from: "discover" } as const;

/** The history state a story link carries from `path`: from the browse page, with its filters (its URL query). */
export function readerState(path: string, search: string): { from: "discover"; search: string } | undefined {
  return path === BROWSE_PATH ? { ...FROM_BROWSE, search: search ? `?${search.replace(/^\?/, "")}` : "" } : undefined;
}

const SEARCH = /^\?[^#]{0,2000}$/;

/** Back to where the reader came from; the browse page with the filters it had (issue 17: Back keeps them). */
export function backHref(historyState: unknown): string {
  const state = historyState as { from?: unknown; search?: unknown } | null | undefined;
  if (state?.from !== FROM_BROWSE.from) return ROUTES.dashboard;
  return typeof state.search === "string" && SEARCH.test(state.search) ? BROWSE_PATH + state.search : BROWSE_PATH;
}
