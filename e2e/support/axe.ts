// Axe for the journeys. Every check runs in legacy mode (axe.run in the page itself): the default runs each frame's
// part and then opens a blank page per analysis to combine them (runPartial + finishRun), which our pages, with no
// cross-origin frames, do not need. Measured on accessibility-screens.spec.ts (21 journeys, ~50 analyses): about
// 200 CPU-seconds for the run with the default, about 165 in legacy mode.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true);
}
