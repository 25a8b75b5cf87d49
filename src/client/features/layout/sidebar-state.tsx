// Sidebar collapse: remembered in localStorage 'sidebar-collapsed', forced below 768 px.
// Pages read it too: the editor narrows its chat pane when the sidebar is collapsed.
import { createContext, type ReactNode, useCallback, useContext, useState } from "react";
import { SIDEBAR_FORCE_COLLAPSE_BELOW_PX, SIDEBAR_STORAGE_KEY } from "../../../shared/limits";
import { useMediaQuery } from "../../lib/use-media-query";

const NARROW_QUERY = `(max-width: ${SIDEBAR_FORCE_COLLAPSE_BELOW_PX - 0.02}px)`;

export interface SidebarState {
  /** What the sidebar shows: the user's choice, or collapsed on a narrow screen. */
  collapsed: boolean;
  /** True below 768 px, where the user cannot expand it. */
  forced: boolean;
  toggle: () => void;
}

function readStored(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_STORAGE_KEY) === "true";
  } catch {
    return false;
  }
}

const SidebarContext = createContext<SidebarState | null>(null);

export function SidebarStateProvider({ children }: { children: ReactNode }) {
  const [stored, setStored] = useState(readStored);
  const forced = useMediaQuery(NARROW_QUERY);
  const toggle = useCallback(() => {
    setStored((previous) => {
      const next = !previous;
      try {
        window.localStorage.setItem(SIDEBAR_STORAGE_KEY, String(next));
      } catch {
        /* the choice just isn't remembered */
      }
      return next;
    });
  }, []);
  return (
    <SidebarContext.Provider value={{ collapsed: forced || stored, forced, toggle }}>
      {children}
    </SidebarContext.Provider>
  );
}

const OUTSIDE: SidebarState = { collapsed: false, forced: false, toggle: () => {} };

/** The sidebar's state; outside the dashboard layout there is no sidebar, so it reads as expanded. */
export function useSidebar(): SidebarState {
  return useContext(SidebarContext) ?? OUTSIDE;
}
