// Axe for the journeys. Every check runs in legacy mode (axe.run in the page itself): the default runs each frame's
// part and then opens a blank page per analysis to combine them (runPartial + finishRun), which our pages, with no
// cross-origin frames, do not need. Measured on accessibility-screens.spec.ts (21 journeys, ~50 analyses): about
// 200 CPU-seconds for the run with the default, about 165 in legacy mode.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

type RunOptions = Parameters<AxeBuilder["options"]>[0];

/**
 * Only the violations are reported in full: the journeys read nothing else, and axe otherwise builds a selector and an
 * HTML excerpt for every node that passed (a hundred on the landing page), in the page and again in the runner. About
 * a tenth of an analysis's CPU in the page, measured on / and /terms. `options()` keeps it when a journey sets its own.
 */
class ViolationsOnly extends AxeBuilder {
  override options(options: RunOptions): this {
    return super.options({ ...options, resultTypes: ["violations"] });
  }
}

export function axe(page: Page): AxeBuilder {
  return new ViolationsOnly({ page }).setLegacyMode(true).options({});
}
