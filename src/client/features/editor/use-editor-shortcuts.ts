// Page-wide shortcuts: Ctrl/Cmd+S saves (instead of the browser's "save page"), Ctrl+Alt+B toggles the assistant.
import { useEffect, useRef } from "react";

export function useEditorShortcuts(handlers: { save: () => void; toggleAssistant: () => void }) {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
        event.preventDefault();
        ref.current.save();
      } else if (event.ctrlKey && event.altKey && event.code === "KeyB") {
        // NOTE: event.code, because Alt changes event.key on macOS (Alt+B types "∫").
        event.preventDefault();
        ref.current.toggleAssistant();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
