// The writer's AI declaration (issue 29): stored as sent, but never below what was measured from the text.
import { type AiDeclaration, declaresLessThanMeasured, measuredLabel } from "../../shared/ai-label";
import { AppError } from "../errors";

/** The 400 a declaration below the measurement gets, saying what was measured. */
export function declarationBelowMeasured(wordCount: number, aiWordCount: number): AppError {
  const percent = wordCount > 0 ? Math.max(1, Math.round((aiWordCount / wordCount) * 100)) : 0;
  const consequence =
    measuredLabel(wordCount, aiWordCount) === "generated"
      ? "so it is labelled AI-generated"
      : "so it cannot be declared human-written";
  const message = `Marin wrote ${percent}% of this work, ${consequence}.`;
  return new AppError(400, "VALIDATION", message, { fields: { aiDeclaration: message } });
}

/**
 * The declaration column to write: nothing when none was sent (the label still takes the higher of the stored
 * statement and the new measurement), else the statement, refused when it says less than the counts being saved.
 */
export function declarationColumns(
  sent: AiDeclaration | undefined,
  counts: { wordCount: number; aiWordCount: number },
): { aiDeclaration?: AiDeclaration } {
  if (sent === undefined) return {};
  if (declaresLessThanMeasured(counts.wordCount, counts.aiWordCount, sent))
    throw declarationBelowMeasured(counts.wordCount, counts.aiWordCount);
  return { aiDeclaration: sent };
}
