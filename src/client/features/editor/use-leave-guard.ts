// Warns before leaving with unsaved changes: the browser's own prompt on reload or close, and a confirm on
// in-app links (wouter has no navigation blocker, so links are intercepted before its click handler).
import { useEffect, useRef } from "react";

export const LEAVE_MESSAGE = "You have unsaved changes. Leave this page anyway?";

export function useLeaveGuard(shouldWarn: () => boolean) {
  const shouldWarnRef = useRef(shouldWarn);
  shouldWarnRef.current = shouldWarn;

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!shouldWarnRef.current()) return;
      event.preventDefault();
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!anchor || anchor.target === "_blank" || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      if (shouldWarnRef.current() && !window.confirm(LEAVE_MESSAGE)) {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    // Capture phase on the document runs before React's listener on the root, so wouter never navigates.
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, []);
}

/** For the page's own navigation buttons: true when it is fine to go. */
export function confirmLeave(dirty: boolean): boolean {
  return !dirty || window.confirm(LEAVE_MESSAGE);
}
