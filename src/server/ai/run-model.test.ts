// One generation through the AI SDK with mock models (ai/test): what the model is called with, and every way a
// provider fails turned into one clear MarinFailure.
import { APICallError, type LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { simulateReadableStream } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import type { AiDriver } from "./driver";
import { buildPrompt } from "./prompt";
import { GENERATION_TIMEOUTS, MarinFailure, runModel } from "./run-model";

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 3, text: 3, reasoning: undefined },
};
const finish = (unified: "stop" | "content-filter" | "error" = "stop"): LanguageModelV3StreamPart => ({
  type: "finish",
  finishReason: { unified, raw: unified },
  usage,
});
const textParts = (...pieces: string[]): LanguageModelV3StreamPart[] => [
  { type: "stream-start", warnings: [] },
  { type: "text-start", id: "t" },
  ...pieces.map((delta) => ({ type: "text-delta" as const, id: "t", delta })),
  { type: "text-end", id: "t" },
];

const driver = (model: MockLanguageModelV3): AiDriver => ({ label: "mock", offline: false, model });
const streaming = (chunks: LanguageModelV3StreamPart[], chunkDelayInMs: number | null = null) =>
  new MockLanguageModelV3({
    doStream: async () => ({ stream: simulateReadableStream({ chunks, chunkDelayInMs, initialDelayInMs: null }) }),
  });
const prompt = buildPrompt({
  task: "chat",
  story: null,
  context: { setting: "A lighthouse" },
  messages: [{ role: "user", content: "Hi" }],
  premium: false,
  memory: null,
});
const log = () => ({ warn: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };

async function collect(ai: AiDriver, signal = new AbortController().signal, logger = log()) {
  let text = "";
  for await (const delta of runModel(ai, prompt, { signal, seed: 5, log: logger })) text += delta;
  return text;
}
async function failureOf(ai: AiDriver, signal?: AbortSignal): Promise<MarinFailure> {
  try {
    await collect(ai, signal);
  } catch (error) {
    return error as MarinFailure;
  }
  throw new Error("expected a failure");
}

describe("runModel", () => {
  it("yields the deltas in order and calls the model with the prompt, seed, output bound and an abort signal", async () => {
    const model = streaming([...textParts("Try ", "a ", "storm."), finish()]);
    expect(await collect(driver(model))).toBe("Try a storm.");
    const call = model.doStreamCalls[0]!;
    expect(call.seed).toBe(5);
    expect(call.maxOutputTokens).toBe(prompt.maxOutputTokens);
    expect(call.abortSignal).toBeInstanceOf(AbortSignal);
    expect(call.prompt[0]).toMatchObject({ role: "system" });
    expect(JSON.stringify(call.prompt[0])).toContain("Setting: A lighthouse");
    expect(call.prompt.at(-1)).toMatchObject({ role: "user", content: [{ type: "text", text: "Hi" }] });
  });

  it("maps provider failures: unreachable and busy to 503, other answers to 502, refusals and empty answers", async () => {
    const throwing = (error: unknown) =>
      driver(new MockLanguageModelV3({ doStream: async () => Promise.reject(error) }));
    const apiError = (statusCode: number | undefined, cause?: unknown) =>
      new APICallError({ message: "x", url: "http://p", requestBodyValues: {}, statusCode, cause });
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const cases: [AiDriver, string, number, string][] = [
      [throwing(apiError(503)), "unavailable", 503, "AI_UNAVAILABLE"],
      [throwing(apiError(429)), "unavailable", 503, "AI_UNAVAILABLE"],
      [throwing(apiError(undefined, refused)), "unavailable", 503, "AI_UNAVAILABLE"],
      [throwing(new TypeError("fetch failed", { cause: refused })), "unavailable", 503, "AI_UNAVAILABLE"],
      [throwing(apiError(500)), "failed", 502, "AI_FAILED"],
      [throwing(apiError(401)), "failed", 502, "AI_FAILED"],
      [
        driver(streaming([...textParts("Half"), { type: "error", error: new Error("bad chunk") }])),
        "failed",
        502,
        "AI_FAILED",
      ],
      [driver(streaming([...textParts("No."), finish("content-filter")])), "refused", 502, "AI_REFUSED"],
      [driver(streaming([...textParts(" ", "\n"), finish()])), "empty", 502, "AI_FAILED"],
    ];
    for (const [ai, kind, status, code] of cases) {
      const failure = await failureOf(ai);
      expect(failure).toBeInstanceOf(MarinFailure);
      expect([kind, failure.status, failure.code]).toEqual([kind, status, code]);
    }
  });

  it("stops the model when the client aborts, as an `aborted` failure that is not logged", async () => {
    const model = streaming([...textParts(...Array.from({ length: 40 }, (_, i) => `w${i} `)), finish()], 10);
    const client = new AbortController();
    const logger = log();
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const delta of runModel(driver(model), prompt, { signal: client.signal, log: logger })) {
          seen.push(delta);
          if (seen.length === 3) client.abort();
        }
      })(),
    ).rejects.toMatchObject({ kind: "aborted" });
    expect(seen).toHaveLength(3);
    expect(model.doStreamCalls[0]!.abortSignal!.aborted).toBe(true);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it("gives up when the first token is late (503) and logs the failure without the prompt", async () => {
    const saved = { ...GENERATION_TIMEOUTS };
    GENERATION_TIMEOUTS.firstTokenMs = 50;
    try {
      const model = new MockLanguageModelV3({
        doStream: async ({ abortSignal }) => ({
          stream: new ReadableStream<LanguageModelV3StreamPart>({
            start(controller) {
              abortSignal?.addEventListener("abort", () => controller.error(new DOMException("aborted", "AbortError")));
            },
          }),
        }),
      });
      const logger = log();
      await expect(collect(driver(model), undefined, logger)).rejects.toMatchObject({ kind: "timeout", status: 503 });
      expect(logger.warn).toHaveBeenCalledTimes(1);
      const [fields, message] = logger.warn.mock.calls[0]!;
      expect(message).toBe("AI generation failed");
      expect(JSON.stringify(fields)).not.toContain("lighthouse");
    } finally {
      Object.assign(GENERATION_TIMEOUTS, saved);
    }
  });
});
