// The planning board's rules, framework-free: which drafts belong together ('Another version' keeps them side by
// side), and how 'Use this' puts a draft on the board.
import type { PlanDraft, PlanLevel, StoryPlanInput } from "../../../shared/schemas/plan";

export type PlanBoard = { braindump: string; synopsis: string; chapters: { title: string; beats: string[] }[] };

export const boardOf = (plan: StoryPlanInput | undefined): PlanBoard => ({
  braindump: plan?.braindump ?? "",
  synopsis: plan?.synopsis ?? "",
  chapters: (plan?.chapters ?? []).map((c) => ({ title: c.title, beats: [...c.beats] })),
});

/** The drafts of one level (and chapter) are one set of versions. */
export const draftKey = (level: PlanLevel, chapter?: number | null) => (level === "beats" ? `beats:${chapter}` : level);

export interface Versions {
  drafts: PlanDraft[];
  /** The one shown, 0-based. */
  at: number;
}

/** A new draft joins its level's versions and is the one shown. */
export function addVersion(versions: Versions | undefined, draft: PlanDraft): Versions {
  const drafts = [...(versions?.drafts ?? []), draft];
  return { drafts, at: drafts.length - 1 };
}

export const stepVersion = (versions: Versions, by: -1 | 1): Versions => ({
  ...versions,
  at: Math.min(versions.drafts.length - 1, Math.max(0, versions.at + by)),
});

/**
 * 'Use this': a synopsis replaces the synopsis; an outline replaces the chapter titles and keeps the beats of the
 * chapters at the same places; beats replace that chapter's beats.
 */
export function applyDraft(board: PlanBoard, draft: PlanDraft): PlanBoard {
  if (draft.level === "synopsis") return { ...board, synopsis: draft.synopsis ?? "" };
  if (draft.level === "outline")
    return {
      ...board,
      chapters: (draft.chapters ?? []).map((title, i) => ({ title, beats: board.chapters[i]?.beats ?? [] })),
    };
  const at = (draft.chapter ?? 1) - 1;
  return {
    ...board,
    chapters: board.chapters.map((c, i) => (i === at ? { ...c, beats: [...(draft.beats ?? [])] } : c)),
  };
}

/** A draft as text, to read before using it. */
export function draftText(draft: PlanDraft): string[] {
  if (draft.level === "synopsis") return [draft.synopsis ?? ""];
  if (draft.level === "outline") return (draft.chapters ?? []).map((title, i) => `${i + 1}. ${title}`);
  return draft.beats ?? [];
}

export const hasBeats = (chapter: { beats: string[] } | undefined) =>
  (chapter?.beats ?? []).some((beat) => beat.trim() !== "");
