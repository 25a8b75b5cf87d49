// The browse page's filters, read from and written to the URL query (see filters.ts).
import { useCallback, useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { type DiscoverFilters, filtersToSearch, parseFilters } from "./filters";

export function useUrlFilters() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => parseFilters(search), [search]);
  const setFilters = useCallback(
    (change: Partial<DiscoverFilters>) => {
      const next = filtersToSearch({ ...parseFilters(window.location.search), ...change });
      if (next !== (window.location.search === "?" ? "" : window.location.search)) navigate(ROUTES.discover + next);
    },
    [navigate],
  );
  return { filters, setFilters };
}
