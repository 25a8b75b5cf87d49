// Whether the screen is narrow enough (the sidebar's 768 px breakpoint) to show one editor pane at a time.
import { useEffect, useState } from "react";
import { SIDEBAR_FORCE_COLLAPSE_BELOW_PX } from "../../../shared/limits";

const NARROW_QUERY = `(max-width: ${SIDEBAR_FORCE_COLLAPSE_BELOW_PX - 1}px)`;

export function useIsNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW_QUERY);
    const onChange = () => setNarrow(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return narrow;
}
