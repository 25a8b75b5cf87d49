// A real PNG made by the browser's canvas, so the crop dialog decodes and re-encodes a genuine image.
import type { Page } from "@playwright/test";

export async function makePng(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement("canvas");
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext("2d")!;
      const gradient = context.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, "#7c3aed");
      gradient.addColorStop(1, "#db2777");
      context.fillStyle = gradient;
      context.fillRect(0, 0, w, h);
      return canvas.toDataURL("image/png").split(",")[1]!;
    },
    [width, height] as const,
  );
  return Buffer.from(base64, "base64");
}
