// PLACEHOLDER until the offline storyteller lands (helper "offline"): the built-in model, no network.
import type { LanguageModelV3 } from "@ai-sdk/provider";

export const OFFLINE_MODEL_LABEL = "Offline storyteller";

export function createOfflineModel(): LanguageModelV3 {
  const unavailable = () => Promise.reject(new Error("offline storyteller not built yet"));
  return {
    specificationVersion: "v3",
    provider: "ficforge",
    modelId: "offline-storyteller",
    supportedUrls: {},
    doGenerate: unavailable,
    doStream: unavailable,
  };
}
