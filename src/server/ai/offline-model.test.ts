import type { LanguageModelV3CallOptions, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { generateText, streamText } from "ai";
import { describe, expect, it } from "vitest";
import { formatContextBlock } from "./context-block";
import { createOfflineModel, OFFLINE_MODEL_LABEL, wordPieces } from "./offline-model";
import { promptFor, storyBrief } from "../test/offline-prompt";

const OPENING = "Write the opening scene of this story.";
const call = (seed?: number, signal?: AbortSignal): LanguageModelV3CallOptions => ({
  prompt: promptFor(storyBrief(), OPENING),
  seed,
  abortSignal: signal,
});

async function collect(stream: ReadableStream<LanguageModelV3StreamPart>): Promise<LanguageModelV3StreamPart[]> {
  const parts: LanguageModelV3StreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

const textOf = (result: { content: { type: string; text?: string }[] }) =>
  result.content.map((part) => (part.type === "text" ? part.text : "")).join("");

describe("offline model", () => {
  it("is the AI SDK's v3 language model, labelled for the pane", () => {
    const model = createOfflineModel();
    expect(OFFLINE_MODEL_LABEL).toBe("Offline storyteller");
    expect(model.specificationVersion).toBe("v3");
    expect(model.modelId).toBe("offline-storyteller");
  });

  it("generates the same text for a seed and different text for different seeds", async () => {
    const model = createOfflineModel({ wordDelayMs: 0 });
    const first = textOf(await model.doGenerate(call(42)));
    expect(textOf(await model.doGenerate(call(42)))).toBe(first);
    expect(textOf(await model.doGenerate(call(43)))).not.toBe(first);
    expect(first).toMatch(/^## Chapter 1: /);
    expect(first).toContain("Aria");
    const result = await model.doGenerate(call(42));
    expect(result.finishReason.unified).toBe("stop");
    expect(result.usage.outputTokens.total).toBeGreaterThan(100);
  });

  it("streams word by word, and the words add up to doGenerate's text", async () => {
    const model = createOfflineModel({ wordDelayMs: 0 });
    const { stream } = await model.doStream(call(42));
    const parts = await collect(stream);
    const types = parts.map((p) => p.type);
    expect(types.slice(0, 3)).toEqual(["stream-start", "response-metadata", "text-start"]);
    expect(types.slice(-2)).toEqual(["text-end", "finish"]);
    const deltas = parts.flatMap((p) => (p.type === "text-delta" ? [p.delta] : []));
    expect(deltas.length).toBeGreaterThan(150);
    expect(deltas.every((d) => /^\s*\S+\s*$/.test(d))).toBe(true);
    expect(deltas.join("")).toBe(textOf(await model.doGenerate(call(42))));
    const finish = parts.at(-1) as Extract<LanguageModelV3StreamPart, { type: "finish" }>;
    expect(finish.finishReason.unified).toBe("stop");
    expect(finish.usage.outputTokens.total).toBeGreaterThan(100);
  });

  it("splits text into words that keep their whitespace", () => {
    expect(wordPieces(" Hello,  world.\n\nNext")).toEqual([" Hello,  ", "world.\n\n", "Next"]);
  });

  it("types at a readable pace by default", async () => {
    const { stream } = await createOfflineModel().doStream(call(1));
    const reader = stream.getReader();
    const started = performance.now();
    let words = 0;
    while (words < 10) if ((await reader.read()).value?.type === "text-delta") words++;
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
    await reader.cancel();
  });

  it("stops promptly when aborted, erroring the stream with an AbortError", async () => {
    const controller = new AbortController();
    // NOTE: a word a second, so "promptly" (well before the next word was due) holds on a loaded machine too.
    const { stream } = await createOfflineModel({ wordDelayMs: 1000 }).doStream(call(1, controller.signal));
    const reader = stream.getReader();
    while ((await reader.read()).value?.type !== "text-delta") {}
    const aborted = performance.now();
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: "AbortError" });
    expect(performance.now() - aborted).toBeLessThan(500);
  });

  it("stops at maxOutputTokens with finishReason 'length'", async () => {
    const model = createOfflineModel({ wordDelayMs: 0 });
    const result = await model.doGenerate({ ...call(3), maxOutputTokens: 40 });
    expect(textOf(result).split(/\s+/)).toHaveLength(30);
    expect(result.finishReason.unified).toBe("length");
    const parts = await collect((await model.doStream({ ...call(3), maxOutputTokens: 40 })).stream);
    expect(parts.filter((p) => p.type === "text-delta")).toHaveLength(30);
    expect(parts.at(-1)).toMatchObject({ type: "finish", finishReason: { unified: "length" } });
  });

  it("refuses to start when the signal is already aborted", async () => {
    const model = createOfflineModel({ wordDelayMs: 0 });
    const signal = AbortSignal.abort();
    await expect(model.doStream(call(1, signal))).rejects.toMatchObject({ name: "AbortError" });
    await expect(model.doGenerate(call(1, signal))).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("offline model through the AI SDK", () => {
  const brief = storyBrief({
    latest: "## Chapter 1: Salt\n\nAria caught Kael on the docks.\n\n## Chapter 2: Tide\n\nKael escaped.",
  });
  const system = `You are Marin, FicForge's writing assistant.\n\n${formatContextBlock(brief)}`;
  const messages = [{ role: "user" as const, content: "write the next chapter" }];

  it("streamText streams what generateText returns for the same seed", async () => {
    const model = createOfflineModel({ wordDelayMs: 0 });
    const streamed = streamText({ model, system, messages, seed: 5 });
    const chunks: string[] = [];
    for await (const chunk of streamed.textStream) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(150);
    const generated = await generateText({ model, system, messages, seed: 5 });
    expect(chunks.join("")).toBe(generated.text);
    expect(await streamed.text).toBe(generated.text);
    expect(generated.text).toMatch(/^## Chapter 3: /);
    expect(generated.text).toContain("Kael");
    expect(generated.finishReason).toBe("stop");
  });

  it("answers a chat from the same context", async () => {
    const chatSystem = system.replace("Task: write", "Task: chat");
    const { text } = await generateText({
      model: createOfflineModel({ wordDelayMs: 0 }),
      system: chatSystem,
      messages: [
        { role: "user", content: "hi" },
        { role: "assistant", content: "Hello!" },
        { role: "user", content: "Any ideas for what happens next?" },
      ],
    });
    expect(text).toContain("Aria");
    expect(text).toContain("Kael");
  });

  it("stops the generation when streamText is aborted", async () => {
    const controller = new AbortController();
    let abortedCallback = false;
    const streamed = streamText({
      model: createOfflineModel({ wordDelayMs: 10 }),
      system,
      messages,
      abortSignal: controller.signal,
      onAbort: () => {
        abortedCallback = true;
      },
      onError: () => {},
    });
    const chunks: string[] = [];
    const reading = (async () => {
      for await (const chunk of streamed.textStream) {
        chunks.push(chunk);
        if (chunks.length === 5) controller.abort();
      }
    })();
    await reading.catch(() => {});
    expect(chunks.length).toBeLessThan(8);
    expect(abortedCallback).toBe(true);
  });
});
