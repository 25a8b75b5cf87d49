// Whether the screen is narrow enough (the sidebar's 768 px breakpoint) to show one editor pane at a time.
import { SIDEBAR_FORCE_COLLAPSE_BELOW_PX } from "../../../shared/limits";
import { useMediaQuery } from "../../lib/use-media-query";

const NARROW_QUERY = `(max-width: ${SIDEBAR_FORCE_COLLAPSE_BELOW_PX - 1}px)`;

export function useIsNarrow(): boolean {
  return useMediaQuery(NARROW_QUERY);
}
