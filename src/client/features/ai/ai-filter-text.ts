// The reader's AI filter in words: Settings' choices, Discover's group and chips, the hidden-works line.
import type { AiFilter } from "../../../shared/ai-label";

/** Settings' 'AI-written works' choices. */
export const AI_PREFERENCE_LABELS: Record<AiFilter, string> = {
  any: "Show all works",
  assisted: "Hide AI-generated works",
  none: "Only human-written works",
};

/** Discover's active-filter chip for each filter ('any' has none). */
export const AI_FILTER_CHIPS: Record<Exclude<AiFilter, "any">, string> = {
  none: "Only human-written",
  assisted: "Hide AI-generated",
};

/** '12 works hidden by your AI filter', '1 work hidden…'. */
export function hiddenByAiText(count: number): string {
  return `${count} ${count === 1 ? "work" : "works"} hidden by your AI filter`;
}
