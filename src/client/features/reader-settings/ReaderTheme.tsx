// The reader's settings on the element that holds what they read: data attributes for what differs from the
// defaults, read by reader-settings.css (as the public pages' <html> carries them for their stylesheet).
import type { ReactNode } from "react";
import { DEFAULT_READER_SETTINGS, type ReaderSettings } from "../../../shared/schemas/reader-settings";
import { cn } from "../../lib/cn";
import "./reader-settings.css";

export function readerDataAttributes(settings: ReaderSettings): Record<string, string> {
  const d = DEFAULT_READER_SETTINGS;
  const attributes: Record<string, string> = {};
  if (settings.font !== d.font) attributes["data-font"] = settings.font;
  if (settings.size !== d.size) attributes["data-size"] = String(settings.size);
  if (settings.width !== d.width) attributes["data-width"] = settings.width;
  if (settings.spacing !== d.spacing) attributes["data-spacing"] = String(settings.spacing);
  if (settings.theme !== d.theme) attributes["data-theme"] = settings.theme;
  return attributes;
}

export function ReaderTheme({
  settings,
  className,
  children,
}: {
  settings: ReaderSettings;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("reader-theme", className)} {...readerDataAttributes(settings)} data-testid="reader-theme">
      {children}
    </div>
  );
}
