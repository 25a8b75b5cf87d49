// Whether the screen is narrow enough (the sidebar's 768 px breakpoint) to show one editor pane at a time, and the
// assistant's share of the width beside the story (the editor and its loading preview lay out alike).
import {
  CHAT_WIDTH_COLLAPSED_SIDEBAR_PERCENT,
  CHAT_WIDTH_PERCENT,
  SIDEBAR_FORCE_COLLAPSE_BELOW_PX,
} from "../../../shared/limits";
import { useMediaQuery } from "../../lib/use-media-query";

const NARROW_QUERY = `(max-width: ${SIDEBAR_FORCE_COLLAPSE_BELOW_PX - 1}px)`;

export function useIsNarrow(): boolean {
  return useMediaQuery(NARROW_QUERY);
}

/** The assistant pane's percentage of the editor area: wider while the sidebar is folded away. */
export function chatWidthPercent(sidebarCollapsed: boolean): number {
  return sidebarCollapsed ? CHAT_WIDTH_COLLAPSED_SIDEBAR_PERCENT : CHAT_WIDTH_PERCENT;
}
