// Counts what the AI driver does, by provider: requests and their outcome, tokens the provider reported, and the time
// from asking to the end of the answer. The model is wrapped once (deps.ts); feature code never sees a difference.
import type { LanguageModelV3, LanguageModelV3StreamPart, LanguageModelV3Usage } from "@ai-sdk/provider";
import { wrapLanguageModel } from "ai";
import type { AiDriver } from "../ai/driver";
import type { AppMetrics } from "./metrics";

type Outcome = "ok" | "failed" | "aborted";

export function instrumentAi(ai: AiDriver, metrics: AppMetrics): AiDriver {
  // NOTE: the model's provider ("openai-compatible.chat", "anthropic.messages"): set by configuration, so bounded.
  const label = ai.offline ? "offline" : (ai.model.provider.split(".")[0] ?? "unknown");
  const tokens = { input: metrics.aiTokens.labels(label, "input"), output: metrics.aiTokens.labels(label, "output") };
  const duration = metrics.aiDuration.labels(label);
  const count = (outcome: Outcome) => metrics.aiRequests.labels(label, outcome).inc();
  const addUsage = (usage: LanguageModelV3Usage | undefined) => {
    if (usage?.inputTokens.total) tokens.input.inc(usage.inputTokens.total);
    if (usage?.outputTokens.total) tokens.output.inc(usage.outputTokens.total);
  };
  const ended = (started: number, outcome: Outcome) => {
    duration.observe((performance.now() - started) / 1000);
    count(outcome);
  };
  const outcomeOf = (error: unknown): Outcome =>
    error instanceof Error && error.name === "AbortError" ? "aborted" : "failed";

  const model: LanguageModelV3 = wrapLanguageModel({
    model: ai.model,
    middleware: {
      specificationVersion: "v3",
      async wrapGenerate({ doGenerate }) {
        const started = performance.now();
        try {
          const result = await doGenerate();
          addUsage(result.usage);
          ended(started, result.finishReason.unified === "error" ? "failed" : "ok");
          return result;
        } catch (error) {
          ended(started, outcomeOf(error));
          throw error;
        }
      },
      async wrapStream({ doStream }) {
        const started = performance.now();
        let result: Awaited<ReturnType<typeof doStream>>;
        try {
          result = await doStream();
        } catch (error) {
          ended(started, outcomeOf(error));
          throw error;
        }
        let outcome: Outcome | undefined;
        const finish = (value: Outcome) => {
          if (outcome !== undefined) return;
          outcome = value;
          ended(started, value);
        };
        const watch = new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
          transform(part, controller) {
            if (part.type === "error") finish("failed");
            else if (part.type === "finish") {
              addUsage(part.usage);
              finish(part.finishReason.unified === "error" ? "failed" : "ok");
            }
            controller.enqueue(part);
          },
          flush() {
            // NOTE: a stream that ends without a finish part was cut short.
            finish("failed");
          },
        });
        const stream = result.stream.pipeThrough(watch);
        // NOTE: a reader that stops early (the writer left) cancels the stream: counted as aborted.
        const reader = stream.getReader();
        const counted = new ReadableStream<LanguageModelV3StreamPart>({
          async pull(controller) {
            try {
              const { done, value } = await reader.read();
              if (done) controller.close();
              else controller.enqueue(value);
            } catch (error) {
              finish(outcomeOf(error));
              controller.error(error);
            }
          },
          async cancel(reason) {
            finish("aborted");
            await reader.cancel(reason);
          },
        });
        return { ...result, stream: counted };
      },
    },
  });
  return { ...ai, model };
}
