// The AI behind one small interface (as mail/mailer.ts does for email): feature code takes `deps.ai.model`, a Vercel
// AI SDK language model, and never names a provider. AI_PROVIDER picks the driver (docs/operations.md).
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { Config } from "../env";
import { createOfflineModel, OFFLINE_MODEL_LABEL } from "./offline-model";
import { retryOnStaleSocket } from "./retry-stale-socket";

export interface AiDriver {
  /** What the assistant pane and each insertion's provenance show: 'Offline storyteller' or the model's name. */
  label: string;
  /** True for the built-in offline storyteller. */
  offline: boolean;
  model: LanguageModelV3;
}

const DEFAULT_MODELS = {
  "openai-compatible": "llama3.1",
  openai: "gpt-4o-mini",
  anthropic: "claude-haiku-4-5",
} as const;

const OPENAI_BASE_URL = "https://api.openai.com/v1";

type AiConfig = Pick<Config, "AI_PROVIDER" | "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL">;

export async function createAiDriver(config: AiConfig): Promise<AiDriver> {
  if (config.AI_PROVIDER === "offline") {
    return { label: OFFLINE_MODEL_LABEL, offline: true, model: createOfflineModel() };
  }
  const modelId = config.AI_MODEL ?? DEFAULT_MODELS[config.AI_PROVIDER];
  if (config.AI_PROVIDER === "anthropic") {
    const { createAnthropic } = await import("@ai-sdk/anthropic");
    const provider = createAnthropic({
      apiKey: config.AI_API_KEY,
      baseURL: config.AI_BASE_URL,
      fetch: retryOnStaleSocket(),
    });
    return { label: modelId, offline: false, model: provider(modelId) as LanguageModelV3 };
  }
  const { createOpenAICompatible } = await import("@ai-sdk/openai-compatible");
  const provider = createOpenAICompatible({
    name: config.AI_PROVIDER,
    baseURL: config.AI_BASE_URL ?? OPENAI_BASE_URL,
    apiKey: config.AI_API_KEY,
    includeUsage: true,
    // Issue 29: OpenAI keeps chat completions for its dashboards unless told not to; writers' stories are not
    // offered for keeping (OpenAI does not train on API data by default). Other OpenAI-compatible servers may
    // refuse fields they do not know, so only OpenAI's own API is sent it. Anthropic's API keeps no such option.
    transformRequestBody: config.AI_PROVIDER === "openai" ? (body) => ({ ...body, store: false }) : undefined,
    fetch: retryOnStaleSocket(),
  });
  return { label: modelId, offline: false, model: provider.chatModel(modelId) as LanguageModelV3 };
}
