// The built-in offline storyteller (AI_PROVIDER=offline, the default): a Vercel AI SDK language model with no
// network. It writes from the story context in the prompt (offline/storyteller.ts) and streams word by word at a
// typing pace, so the app behaves as it does with a real model.
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import { tellStory } from "./offline/storyteller";

export const OFFLINE_MODEL_LABEL = "Offline storyteller";

export interface OfflineModelOptions {
  /** Pause before each streamed word; 0 streams as fast as the reader takes it (tests). */
  wordDelayMs?: number;
}

/** A pace that reads like a model typing: about 60 words a second. */
export const DEFAULT_WORD_DELAY_MS = 16;

const MODEL_ID = "offline-storyteller";

function abortError(signal: AbortSignal): Error {
  if (signal.reason instanceof Error && signal.reason.name === "AbortError") return signal.reason;
  // NOTE: the same error fetch() throws when a real provider's request is aborted.
  return new DOMException("This operation was aborted", "AbortError");
}

/** Rough token counts (about 3 tokens for every 4 words of English). */
function usage(prompt: LanguageModelV3Prompt, text: string): LanguageModelV3Usage {
  const words = (value: string) => (value.match(/\S+/g) ?? []).length;
  const promptText = prompt
    .map((m) =>
      typeof m.content === "string" ? m.content : m.content.map((p) => ("text" in p ? p.text : "")).join(" "),
    )
    .join(" ");
  const input = Math.ceil((words(promptText) * 4) / 3);
  const output = Math.ceil((words(text) * 4) / 3);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

/** Each word with the whitespace after it; leading whitespace rides on the first piece. */
export function wordPieces(text: string): string[] {
  return text.match(/^\s*\S+\s*|\S+\s*/g) ?? [];
}

const STOP = { unified: "stop", raw: "stop" } as const;
const LENGTH = { unified: "length", raw: "length" } as const;

/** Like a real model, it stops at maxOutputTokens (about 4 tokens for 3 words) and says so. */
function withinLimit(text: string, maxOutputTokens: number | undefined) {
  const pieces = wordPieces(text);
  const maxWords = maxOutputTokens === undefined ? Infinity : Math.max(1, Math.floor((maxOutputTokens * 3) / 4));
  if (pieces.length <= maxWords) return { text, finishReason: STOP };
  return { text: pieces.slice(0, maxWords).join("").trimEnd(), finishReason: LENGTH };
}

export function createOfflineModel(options: OfflineModelOptions = {}): LanguageModelV3 {
  const wordDelayMs = options.wordDelayMs ?? DEFAULT_WORD_DELAY_MS;
  const write = (call: LanguageModelV3CallOptions) => {
    if (call.abortSignal?.aborted) throw abortError(call.abortSignal);
    return withinLimit(tellStory(call.prompt, call.seed), call.maxOutputTokens);
  };
  return {
    specificationVersion: "v3",
    provider: "ficforge",
    modelId: MODEL_ID,
    supportedUrls: {},

    async doGenerate(call) {
      const { text, finishReason } = write(call);
      return {
        content: [{ type: "text", text }],
        finishReason,
        usage: usage(call.prompt, text),
        response: { id: `offline-${Date.now()}`, modelId: MODEL_ID, timestamp: new Date() },
        warnings: [],
      };
    },

    async doStream(call) {
      const { text, finishReason } = write(call);
      const signal = call.abortSignal;
      const parts: LanguageModelV3StreamPart[] = [
        { type: "stream-start", warnings: [] },
        { type: "response-metadata", id: `offline-${Date.now()}`, modelId: MODEL_ID, timestamp: new Date() },
        { type: "text-start", id: "0" },
        ...wordPieces(text).map((delta) => ({ type: "text-delta" as const, id: "0", delta })),
        { type: "text-end", id: "0" },
        { type: "finish", finishReason, usage: usage(call.prompt, text) },
      ];
      let next = 0;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let wake: (() => void) | undefined;
      let onAbort: (() => void) | undefined;
      let cancelled = false;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          if (!signal) return;
          onAbort = () => {
            clearTimeout(timer);
            wake?.();
            controller.error(abortError(signal));
          };
          signal.addEventListener("abort", onAbort, { once: true });
        },
        async pull(controller) {
          const part = parts[next++]!;
          if (part.type === "text-delta" && wordDelayMs > 0) {
            await new Promise<void>((resolve) => {
              wake = resolve;
              timer = setTimeout(resolve, wordDelayMs);
            });
          }
          if (cancelled || signal?.aborted) return;
          controller.enqueue(part);
          if (next === parts.length) {
            if (onAbort) signal?.removeEventListener("abort", onAbort);
            controller.close();
          }
        },
        cancel() {
          cancelled = true;
          clearTimeout(timer);
          wake?.();
          if (onAbort) signal?.removeEventListener("abort", onAbort);
        },
      });
      return { stream, request: { body: { seed: call.seed } } };
    },
  };
}
