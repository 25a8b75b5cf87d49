// Focus mode (issue 20, section 4): the chat and the sidebar hidden, the text centred. Ctrl/Cmd+Shift+F enters (and
// leaves), Escape leaves; each change is announced to screen readers. The sidebar lives in the dashboard's layout,
// so it is hidden through an attribute on <html> that focus-mode.css reads (and that goes when the editor does).
import { useCallback, useEffect, useRef, useState } from "react";

export const FOCUS_SHORTCUT = "Control+Shift+F";
export const FOCUS_ON_TEXT = "Focus mode on. Press Escape to leave.";
export const FOCUS_OFF_TEXT = "Focus mode off.";
export const FOCUS_ATTRIBUTE = "data-focus-mode";

export function isFocusShortcut(event: KeyboardEvent): boolean {
  // NOTE: event.code, so the shortcut is the same key on every keyboard layout and with Shift held.
  return (event.ctrlKey || event.metaKey) && event.shiftKey && !event.altKey && event.code === "KeyF";
}

/** A dialog or menu over the editor takes Escape for itself (closing it must not also leave focus mode). */
function overlayOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]') !== null;
}

export function useFocusMode(onChange?: (on: boolean) => void) {
  const [on, setOn] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const onRef = useRef(on);
  onRef.current = on;
  const changeRef = useRef(onChange);
  changeRef.current = onChange;

  const set = useCallback((next: boolean) => {
    if (onRef.current === next) return;
    onRef.current = next;
    setOn(next);
    setAnnouncement(next ? FOCUS_ON_TEXT : FOCUS_OFF_TEXT);
    changeRef.current?.(next);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isFocusShortcut(event)) {
        event.preventDefault();
        set(!onRef.current);
      } else if (event.key === "Escape" && onRef.current && !overlayOpen()) {
        event.preventDefault();
        set(false);
      }
    };
    // NOTE: in the capture phase, before the editor (ProseMirror cancels every Escape) and before a closing dialog
    // has left the page.
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, [set]);

  useEffect(() => {
    const root = document.documentElement;
    if (on) root.setAttribute(FOCUS_ATTRIBUTE, "");
    else root.removeAttribute(FOCUS_ATTRIBUTE);
    return () => root.removeAttribute(FOCUS_ATTRIBUTE);
  }, [on]);

  return { on, announcement, enter: () => set(true), leave: () => set(false) };
}
