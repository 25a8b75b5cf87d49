// How Saved Stories words a saved work's size and date.

/** Bytes as a reader reads them: "640 B", "12 KB", "1.4 MB" (1 KB = 1,024 bytes). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** 'Saved on Nov 29, 2026'. */
export function savedOn(at: string): string {
  return `Saved on ${new Date(at).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" })}`;
}
