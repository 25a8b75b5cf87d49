// Marin's calls: the two AI calls streamed over SSE, and the small JSON reads the pane needs.
import {
  type ChatAnswer,
  type ChatBody,
  type ContextPreview,
  DAILY_LIMIT_CODE,
  DAILY_LIMIT_MESSAGE,
  type GenerateAnswer,
  type GenerateBody,
  MARIN_ERROR_CODES,
  type MarinStatus,
  type ReferralAnswer,
} from "../../../shared/schemas/marin";
import { ApiError, apiJson, apiRequest } from "../../lib/api";
import { urlOfKey } from "../../lib/query-keys";
import { chatKey } from "./thread-keys";
import { SseParser } from "./sse-parser";

export const MARIN_URLS = {
  chat: "/api/chat-with-marin",
  generate: "/api/generate-content",
  status: "/api/marin",
  context: "/api/marin/context",
  referral: "/api/referral",
} as const;

/** An AI call that failed: the server's message and code (DAILY_LIMIT_EXCEEDED for the daily limit). */
export class MarinError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "MarinError";
  }
}

export function isDailyLimitError(error: unknown): boolean {
  return error instanceof MarinError && error.code === DAILY_LIMIT_CODE;
}

/** A 403 naming a FicForge Plus option (response length, chat style) for a user who is not premium (any more). */
export function isPremiumRequiredError(error: unknown): boolean {
  return error instanceof MarinError && error.status === 403 && error.code === MARIN_ERROR_CODES.premiumOnly;
}

/** Stop: fetch and the stream reject with an AbortError (a DOMException, not an Error everywhere). */
export function isAbortError(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";
}

/** A non-OK answer as a MarinError: a 429 with `dailyLimit` is the daily limit; others carry the server's message. */
export async function marinErrorFrom(res: Response): Promise<MarinError> {
  const apiError = new ApiError(res.status, await res.text(), res.statusText);
  const data = apiError.data;
  if (res.status === 429 && data.dailyLimit === true) {
    return new MarinError(data.message ?? DAILY_LIMIT_MESSAGE, DAILY_LIMIT_CODE, 429);
  }
  return new MarinError(data.message ?? apiError.message, data.code ?? `HTTP_${res.status}`, res.status);
}

export interface StreamOptions {
  /** Each piece of text, in order; `soFar` is everything received until now. */
  onDelta?: (text: string, soFar: string) => void;
  /** Stop: aborts the request (the server then stops the model). */
  signal?: AbortSignal;
}

/**
 * POSTs `body` asking for SSE and resolves with the `done` event's answer. An `error` event, a non-OK answer or a
 * stream that ends without `done` rejects with a MarinError; Stop rejects with an AbortError.
 */
export async function streamMarin<T>(url: string, body: unknown, options: StreamOptions = {}): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(body),
    credentials: "include",
    signal: options.signal,
  });
  if (!res.ok) throw await marinErrorFrom(res);
  // A server (or proxy) that answered with plain JSON: the whole answer at once.
  if (!(res.headers.get("content-type") ?? "").includes("text/event-stream")) return (await res.json()) as T;
  if (!res.body) throw new MarinError("The answer had no body", "AI_FAILED", res.status);

  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new SseParser();
  let soFar = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      for (const event of done ? parser.end() : parser.feed(value)) {
        if (event.event === "delta") {
          const text = (JSON.parse(event.data) as { text: string }).text;
          soFar += text;
          options.onDelta?.(text, soFar);
        } else if (event.event === "done") {
          return JSON.parse(event.data) as T;
        } else if (event.event === "error") {
          const data = JSON.parse(event.data) as { message?: string; code?: string };
          throw new MarinError(data.message ?? "Something went wrong", data.code ?? "AI_FAILED", res.status);
        }
      }
      if (done) throw new MarinError("The answer ended before it was complete", "AI_FAILED", res.status);
    }
  } finally {
    // Stops the download when we leave early (done, error); harmless after the end.
    reader.cancel().catch(() => {});
  }
}

export function streamChat(body: ChatBody, options?: StreamOptions): Promise<ChatAnswer> {
  return streamMarin<ChatAnswer>(MARIN_URLS.chat, body, options);
}

export function streamGeneration(body: GenerateBody, options?: StreamOptions): Promise<GenerateAnswer> {
  return streamMarin<GenerateAnswer>(MARIN_URLS.generate, body, options);
}

export type ContextPreviewBody = ({ kind: "chat" } & ChatBody) | ({ kind: "generate" } & GenerateBody);

export function fetchContextPreview(body: ContextPreviewBody): Promise<ContextPreview> {
  return apiJson<ContextPreview>("POST", MARIN_URLS.context, body);
}

export type { MarinStatus, ReferralAnswer };

/** 'Clear chat': deletes the turns the server keeps in the thread shown (null: the story's main thread). */
export async function clearStoredChat(storyId: number, threadId: number | null = null): Promise<void> {
  await apiRequest("DELETE", urlOfKey(chatKey(storyId, threadId)));
}
