// The prompt form's tag list, apart from React so it is tested alone.
import { PROMPT_LIMITS } from "../../../shared/schemas/prompts";

/** Adds a typed tag (spaces collapsed, once in any case) unless the list is full. */
export function addTag(tags: readonly string[], typed: string, max: number = PROMPT_LIMITS.tags): string[] {
  const tag = typed.trim().replace(/\s+/g, " ");
  if (!tag || tags.length >= max || tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return [...tags];
  return [...tags, tag];
}
