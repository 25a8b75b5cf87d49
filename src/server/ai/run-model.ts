// One generation through the AI SDK, whatever the provider: text deltas in order, with the time limits, the client's
// abort, and every way a provider fails turned into one MarinFailure with a clear message (nothing is charged).
import { APICallError } from "@ai-sdk/provider";
import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import type { FastifyBaseLogger } from "fastify";
import { MARIN_ERROR_CODES } from "../../shared/schemas/marin";
import type { AiDriver } from "./driver";
import type { BuiltPrompt } from "./prompt";

/** Time limits for a generation; tests shorten them. */
export const GENERATION_TIMEOUTS = {
  /** The first piece of text must arrive within this (a model loading or a stuck provider). */
  firstTokenMs: 30_000,
  /** The whole answer. */
  totalMs: 120_000,
};

const NO_CHARGE = "Nothing was taken from your daily prompts.";
export const MARIN_FAILURES = {
  unavailable: {
    status: 503,
    code: MARIN_ERROR_CODES.providerUnavailable,
    message: `Marin can't reach its writing model right now. Please try again in a moment. ${NO_CHARGE}`,
  },
  timeout: {
    status: 503,
    code: MARIN_ERROR_CODES.providerUnavailable,
    message: `Marin's writing model took too long to answer. Please try again. ${NO_CHARGE}`,
  },
  failed: {
    status: 502,
    code: MARIN_ERROR_CODES.providerFailed,
    message: `Marin's writing model ran into a problem. Please try again. ${NO_CHARGE}`,
  },
  empty: {
    status: 502,
    code: MARIN_ERROR_CODES.providerFailed,
    message: `Marin's writing model came back without an answer. Please try again. ${NO_CHARGE}`,
  },
  refused: {
    status: 502,
    code: MARIN_ERROR_CODES.refused,
    message: `Marin's writing model declined this request. Try rephrasing it. ${NO_CHARGE}`,
  },
  aborted: { status: 499, code: "AI_ABORTED", message: "The request was cancelled." },
} as const;
export type FailureKind = keyof typeof MARIN_FAILURES;

export class MarinFailure extends Error {
  readonly status: number;
  readonly code: string;
  constructor(
    readonly kind: FailureKind,
    /** For the log only: never the prompt, the URL or the provider's answer body. */
    readonly detail: Record<string, unknown> = {},
  ) {
    super(MARIN_FAILURES[kind].message);
    this.status = MARIN_FAILURES[kind].status;
    this.code = MARIN_FAILURES[kind].code;
  }
}

const NETWORK_CODES = /ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT/;

function networkCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_CODES.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A provider's error as one of ours: unreachable or busy → 503, anything else it answered → 502. */
export function classifyFailure(error: unknown): MarinFailure {
  if (error instanceof MarinFailure) return error;
  const name = error instanceof Error ? error.name : typeof error;
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    const detail = { error: name, providerStatus: status, network: networkCode(error) };
    if (status === undefined) return new MarinFailure("unavailable", detail);
    if (status === 408 || status === 429 || status === 503 || status === 504)
      return new MarinFailure("unavailable", detail);
    return new MarinFailure("failed", detail);
  }
  const network = networkCode(error);
  if (network) return new MarinFailure("unavailable", { error: name, network });
  return new MarinFailure("failed", {
    error: name,
    message: error instanceof Error ? error.message.slice(0, 160) : undefined,
  });
}

/** The prompt as the provider interface takes it: the system prompt, then the conversation as text parts. */
export function providerPrompt(prompt: Pick<BuiltPrompt, "system" | "messages">): LanguageModelV3Prompt {
  return [
    { role: "system", content: prompt.system },
    ...prompt.messages.map((message) => ({
      role: message.role,
      content: [{ type: "text" as const, text: message.content }],
    })),
  ];
}

export interface RunOptions {
  /** The client's signal: aborts the upstream generation. */
  signal: AbortSignal;
  seed?: number;
  log: FastifyBaseLogger;
}

/**
 * The generation's text, delta by delta. Throws MarinFailure (kind `aborted` when the client went away) before or
 * after the first delta; an answer that ends refused, in error or empty throws too.
 */
export async function* runModel(ai: AiDriver, prompt: BuiltPrompt, options: RunOptions): AsyncGenerator<string> {
  const controller = new AbortController();
  let timedOut = false;
  const stop = (why: "client" | "timeout") => {
    if (why === "timeout") timedOut = true;
    controller.abort();
  };
  const onClientAbort = () => stop("client");
  if (options.signal.aborted) throw new MarinFailure("aborted");
  options.signal.addEventListener("abort", onClientAbort, { once: true });
  let firstToken: NodeJS.Timeout | undefined = setTimeout(() => stop("timeout"), GENERATION_TIMEOUTS.firstTokenMs);
  const total = setTimeout(() => stop("timeout"), GENERATION_TIMEOUTS.totalMs);
  const failure = (error: unknown) =>
    timedOut
      ? new MarinFailure("timeout")
      : options.signal.aborted
        ? new MarinFailure("aborted")
        : classifyFailure(error);
  let text = "";
  try {
    // NOTE: the provider's own stream (the AI SDK's model interface), not streamText: its steps, tools, telemetry
    // and transforms are nothing Marin uses, and they added 1.6 ms to the time to first token (decision 0048).
    const { stream } = await ai.model.doStream({
      prompt: providerPrompt(prompt),
      maxOutputTokens: prompt.maxOutputTokens,
      seed: options.seed,
      abortSignal: controller.signal,
    });
    for await (const part of stream) {
      // A provider may go on streaming a little after the abort: nothing after it is passed on.
      if (controller.signal.aborted) throw failure(new Error("aborted"));
      if (part.type === "text-delta" && part.delta !== "") {
        if (firstToken) firstToken = void clearTimeout(firstToken);
        text += part.delta;
        yield part.delta;
      } else if (part.type === "error") {
        throw failure(part.error);
      } else if (part.type === "finish") {
        const reason = part.finishReason.unified;
        if (reason === "content-filter") throw new MarinFailure("refused", { finish: reason });
        if (reason === "error") throw new MarinFailure("failed", { finish: reason });
      }
    }
    if (controller.signal.aborted) throw failure(new Error("aborted"));
    if (text.trim() === "") throw new MarinFailure("empty");
  } catch (error) {
    const marinFailure = error instanceof MarinFailure ? error : failure(error);
    if (marinFailure.kind !== "aborted") {
      options.log.warn(
        { ai: { model: ai.label, code: marinFailure.code, kind: marinFailure.kind, ...marinFailure.detail } },
        "AI generation failed",
      );
    }
    throw marinFailure;
  } finally {
    clearTimeout(firstToken);
    clearTimeout(total);
    options.signal.removeEventListener("abort", onClientAbort);
    // An early exit (the consumer stopped reading) must stop the upstream too.
    controller.abort();
  }
}
