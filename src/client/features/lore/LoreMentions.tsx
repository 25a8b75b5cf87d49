// Issue 32: where an entry is mentioned in the saved story ('Mentioned 4 times: chapters 1, 2, 3'), and a flag on an
// entry never mentioned (by its name or any key, whole words, any case), so the writer can add the alias the story
// really uses.
import { CircleAlert } from "lucide-react";
import type { LoreMention } from "../../../shared/schemas/lore";

export const NEVER_MENTIONED = "Never mentioned in the saved story";

const chapterList = (chapters: LoreMention["chapters"]) =>
  chapters.length <= 6
    ? chapters.map((c) => c.chapter).join(", ")
    : `${chapters
        .slice(0, 5)
        .map((c) => c.chapter)
        .join(", ")} and ${chapters.length - 5} more`;

export function mentionText(mention: LoreMention): string {
  if (mention.total === 0) return NEVER_MENTIONED;
  const times = `${mention.total.toLocaleString("en-US")} time${mention.total === 1 ? "" : "s"}`;
  const where =
    mention.chapters.length === 1
      ? `chapter ${mention.chapters[0]!.chapter}`
      : `chapters ${chapterList(mention.chapters)}`;
  return `Mentioned ${times}: ${where}`;
}

/** The line under an entry; nothing while the counts load. */
export function MentionLine({ mention }: { mention: LoreMention | undefined }) {
  if (!mention) return null;
  if (mention.total === 0)
    return (
      <p className="mt-1 flex items-center gap-1 text-xs font-medium text-amber-700" data-testid="never-mentioned">
        <CircleAlert className="h-3.5 w-3.5 shrink-0" aria-hidden /> {NEVER_MENTIONED}
      </p>
    );
  return (
    <p className="mt-1 text-xs text-slate-500" data-testid="mentions">
      {mentionText(mention)}
    </p>
  );
}

/** 'Off' beside an entry Marin never receives. */
export function OffBadge({ enabled }: { enabled: boolean }) {
  if (enabled) return null;
  return (
    <span className="rounded-full bg-slate-200 px-2 py-0.5 text-[11px] font-medium text-slate-700">
      Off<span className="sr-only">: Marin does not use this entry</span>
    </span>
  );
}
