// What the publish dialog and the details page say about a work's AI label before it is saved: the measured share,
// the label it will carry, and which declarations the writer can still choose.
import {
  AI_DECLARATIONS,
  type AiDeclaration,
  type AiLabel,
  aiLabelOf,
  declaresLessThanMeasured,
  measuredLabel,
} from "../../../shared/ai-label";

export const AI_LABEL_NAMES: Record<AiLabel, string> = {
  none: "Human-written",
  assisted: "AI-assisted",
  generated: "AI-generated",
};

export const DECLARATION_OPTIONS: Record<AiDeclaration, string> = {
  none: "None",
  assisted: "AI-assisted",
  generated: "AI-generated",
};

/** Marin's words in a work, from its word count and the measured share (0–1). */
export function aiWordsOf(wordCount: number, aiShare: number): number {
  if (!Number.isFinite(wordCount) || !Number.isFinite(aiShare) || wordCount <= 0 || aiShare <= 0) return 0;
  return Math.min(wordCount, Math.max(1, Math.round(wordCount * aiShare)));
}

/** The share as a whole percent; a share Marin touched is never 0%. */
export function sharePercent(aiShare: number): number {
  if (!Number.isFinite(aiShare) || aiShare <= 0) return 0;
  return Math.min(100, Math.max(1, Math.round(aiShare * 100)));
}

/** The declaration the form holds, raised to the measured label (a writer cannot declare less than measured). */
export function effectiveDeclaration(wordCount: number, aiShare: number, declaration: AiDeclaration): AiDeclaration {
  return aiLabelOf(wordCount, aiWordsOf(wordCount, aiShare), declaration);
}

/**
 * 'Marin wrote 34% of this work; it will be labelled AI-assisted', or 'Marin wrote none of this work.' when Marin
 * wrote nothing and the writer declared nothing (a declared label is still named).
 */
export function labelSentence(wordCount: number, aiShare: number, declaration: AiDeclaration): string {
  const label = aiLabelOf(wordCount, aiWordsOf(wordCount, aiShare), declaration);
  const percent = sharePercent(aiShare);
  if (percent === 0) {
    return label === "none"
      ? "Marin wrote none of this work."
      : `Marin wrote none of this work; it will be labelled ${AI_LABEL_NAMES[label]}`;
  }
  return `Marin wrote ${percent}% of this work; it will be labelled ${AI_LABEL_NAMES[label]}`;
}

export interface DeclarationChoice {
  value: AiDeclaration;
  label: string;
  /** Why the option cannot be chosen (it says less than was measured), or null. */
  disabledReason: string | null;
}

/** The 'AI from other tools' options: those below the measured label are disabled, with the reason. */
export function declarationChoices(wordCount: number, aiShare: number): DeclarationChoice[] {
  const aiWords = aiWordsOf(wordCount, aiShare);
  const measured = measuredLabel(wordCount, aiWords);
  return AI_DECLARATIONS.map((value) => ({
    value,
    label: DECLARATION_OPTIONS[value],
    disabledReason: declaresLessThanMeasured(wordCount, aiWords, value)
      ? `Marin wrote ${sharePercent(aiShare)}% of this work, so it is labelled at least ${AI_LABEL_NAMES[measured]}`
      : null,
  }));
}
