// Both widths in one journey (issue 17, the suite's time budget): resize the page and let the layout settle first.
import type { Locator, Page } from "@playwright/test";

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * Resizes the page and waits until the layout has settled: media-query listeners have re-rendered, transitions (the
 * sidebar folding away) have ended, and the landmarks kept one size over two looks 100 ms apart.
 */
export async function resizeTo(page: Page, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __layout?: string };
      const layout = [...document.querySelectorAll("aside, main, header, nav, [role=dialog]")]
        .map((e) => `${Math.round(e.getBoundingClientRect().width)}`)
        .join(",");
      const steady = w.__layout === layout && document.getAnimations().every((a) => a.playState !== "running");
      w.__layout = layout;
      return steady;
    },
    undefined,
    { polling: 100 },
  );
}

/**
 * Screenshots the page at both widths, the current one first, and leaves it at the width it had; `subject` is
 * scrolled into view at each width (the other width's layout moves it).
 */
export async function shootBothWidths(
  page: Page,
  name: string,
  path: (file: string) => string,
  subject?: Locator,
): Promise<void> {
  const start = page.viewportSize() ?? DESKTOP;
  for (const viewport of start.width === PHONE.width ? [PHONE, DESKTOP] : [DESKTOP, PHONE]) {
    await resizeTo(page, viewport);
    await subject?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path(`${name}-${viewport.width}.png`) });
  }
  await resizeTo(page, start);
}
