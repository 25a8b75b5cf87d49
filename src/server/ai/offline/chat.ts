import type { Stage } from "./stage";
import type { ChatTurn } from "./storyteller";
export function answerChat(_stage: Stage, request: string, _turns: ChatTurn[]): string {
  return request;
}
