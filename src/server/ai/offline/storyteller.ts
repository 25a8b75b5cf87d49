// The offline storyteller's one entry point: a prompt in, the finished text out. It reads the story context the
// prompt builder wrote (context-block.ts), so it works from exactly what a real model would see.
import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import { parseContextBlock } from "../context-block";
import { answerChat } from "./chat";
import { plainText, storyText } from "./facts";
import { hashText, Random } from "./random";
import { rewriteSelection } from "./rewrite";
import { continueScene, writeScene } from "./scene";
import { setStage } from "./stage";
import { mendEndings } from "./told";
import { readVoiceSection } from "../../voice/prompt-section";
import { steerToVoice } from "./voice-steer";
import type { ChatTurn } from "./chat";
import { parsePlanRequest, parsePlanSection } from "../plan-prompt";
import { chapterFromBeats, chapterTask, draftPlan } from "./plan-drafts";

function promptParts(prompt: LanguageModelV3Prompt): { system: string; turns: ChatTurn[] } {
  const system: string[] = [];
  const turns: ChatTurn[] = [];
  for (const message of prompt) {
    if (message.role === "system") system.push(message.content);
    else if (message.role === "user" || message.role === "assistant") {
      const text = message.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
      turns.push({ role: message.role, text });
    }
  }
  return { system: system.join("\n\n"), turns };
}

/** The same prompt and seed always give the same text; without a seed the prompt itself is the seed. */
export function tellStory(prompt: LanguageModelV3Prompt, seed?: number): string {
  return mendEndings(tell(prompt, seed));
}

function tell(prompt: LanguageModelV3Prompt, seed?: number): string {
  const { system, turns } = promptParts(prompt);
  const all = [system, ...turns.map((t) => t.text)].join("\n\n");
  // The context block may sit in the system message or in a user message; the system message wins.
  const brief = parseContextBlock(system.includes("<story_context>") ? system : all);
  const random = new Random(seed ?? hashText(all));
  const lastUser = [...turns].reverse().find((t) => t.role === "user");
  // The request is what the writer typed: the last user message without any context block it carries.
  const request = (lastUser?.text ?? "")
    .replace(/<(story_context|story_so_far|text_before_cursor|selection)>[\s\S]*?<\/\1>/g, "")
    .trim();
  const story = storyText(brief);
  // The writer's voice (voice/prompt-section.ts) steers the prose Marin writes, not chat or rewrites.
  const voice = brief.task === "write" || brief.task === "continue" ? readVoiceSection(system) : null;
  const inVoice = (text: string) => (voice ? steerToVoice(text, voice, random) : text);
  // The planning board (plan-prompt.ts): a draft of one level, or a chapter written from its beats.
  const planned = parsePlanRequest(system);
  if (planned) return draftPlan(setStage(brief, random, story), random, planned);
  const fromBeats = brief.task === "write" ? chapterTask(system) : null;
  switch (brief.task) {
    case "write":
      if (fromBeats) {
        const scene = inVoice(writeScene(setStage(brief, random, story), ""));
        return chapterFromBeats(fromBeats.heading, parsePlanSection(system)?.beats ?? [], scene);
      }
      return inVoice(writeScene(setStage(brief, random, story), request));
    case "continue": {
      const before = brief.before ?? story;
      return inVoice(continueScene(setStage(brief, random, plainText(before)), before));
    }
    case "rewrite":
      return rewriteSelection(
        setStage(brief, random, brief.selection ?? ""),
        brief.selection ?? "",
        brief.instruction ?? request,
      );
    default:
      return answerChat(setStage(brief, random, story), request, turns);
  }
}
