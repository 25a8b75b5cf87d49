// The landing page arrives prerendered and comes alive a moment later (src/client/main.tsx); buttons that need
// React, such as the phone menu, work only once it has.
import type { Page } from "@playwright/test";

export async function openLanding(page: Page): Promise<void> {
  await page.goto("/");
  await page.locator("html[data-live]").waitFor({ state: "attached" });
}
