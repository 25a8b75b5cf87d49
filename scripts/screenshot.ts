// Screenshots a page at phone and desktop widths: npx tsx scripts/screenshot.ts URL OUT_PREFIX [--full]
import { chromium } from "playwright-core";

const [url = "http://localhost:3000/", prefix = "docs/landing", flag] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 800 } });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.screenshot({ path: `${prefix}-${width}.png`, fullPage: flag === "--full" });
  await page.close();
}
await browser.close();
