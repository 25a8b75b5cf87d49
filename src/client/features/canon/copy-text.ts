// The words of the canon page's counts and of the toast after a copy (what came over, what was left out and why).
import { CANON_LIMITS, type CanonCopyResult } from "../../../shared/schemas/canon";

export const entryCountText = (n: number) => (n === 1 ? "1 entry" : `${n} entries`);

export function copiedText({ pack, copied, skipped }: CanonCopyResult): { title: string; description?: string } {
  const title =
    copied === 0
      ? `Nothing new for your ${pack.fandom} pack`
      : `Copied ${entryCountText(copied)} into your ${pack.fandom} pack`;
  const had = skipped.filter((s) => s.reason === "exists").map((s) => s.name);
  const full = skipped.filter((s) => s.reason === "full").length;
  const parts = [
    had.length > 0 ? `Skipped what you already have: ${had.join(", ")}.` : "",
    full > 0 ? `${entryCountText(full)} did not fit: a pack holds ${CANON_LIMITS.entriesPerPack}.` : "",
  ].filter(Boolean);
  return { title, description: parts.length > 0 ? parts.join(" ") : undefined };
}
