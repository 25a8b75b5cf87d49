import type { Stage } from "./stage";
export function rewriteSelection(_stage: Stage, selection: string, _instruction: string): string {
  return selection;
}
