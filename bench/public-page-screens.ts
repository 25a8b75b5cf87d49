// Screenshots of the public story page at phone and desktop sizes, in Debian's Chromium, to look at.
//   npx tsx bench/public-page-screens.ts [--out /tmp/public-page] [--chrome /usr/bin/chromium]
// Uses the built client when present (for the 404 page); the page itself needs no build.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright";
import { type ServerProcess, startServerProcess } from "./lib/ipc";
import type { AppServerOptions, AppServerReady } from "./servers/app-server";

const { values } = parseArgs({
  options: {
    out: { type: "string", default: "/tmp/public-page" },
    chrome: { type: "string", default: "/usr/bin/chromium" },
  },
});

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844, deviceScaleFactor: 2 },
  { name: "desktop", width: 1280, height: 900, deviceScaleFactor: 1 },
];

async function main(): Promise<void> {
  mkdirSync(values.out, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), "ficforge-screens-"));
  let app: ServerProcess<AppServerReady> | undefined;
  const browser = await chromium.launch({ executablePath: values.chrome, args: ["--no-sandbox"] });
  try {
    app = await startServerProcess<AppServerReady>(new URL("./servers/app-server.ts", import.meta.url), {
      dataDir,
      stories: 0,
      seed: 1,
      publicStory: true,
    } satisfies AppServerOptions);
    const base = `http://127.0.0.1:${app.ready.port}`;
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        deviceScaleFactor: viewport.deviceScaleFactor,
        isMobile: viewport.name === "phone",
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      // NOTE: scripts are off, as for a reader without JavaScript. A viewport's worth from the top, from the
      // chapter Marin wrote and from the sign-up prompt, scrolled to as a reader would (paragraphs far from the
      // viewport are not painted: content-visibility).
      await page.goto(base + app.ready.publicPath!);
      await page.screenshot({ path: join(values.out, `${viewport.name}-top.png`) });
      for (const [part, selector] of [
        ["chapter", "section.chapter"],
        ["join", "#join-title"],
      ] as const) {
        await page.locator(selector).first().scrollIntoViewIfNeeded();
        await page.mouse.wheel(0, -80);
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(values.out, `${viewport.name}-${part}.png`) });
      }
      await context.close();
    }
    console.log(`screenshots in ${values.out}: ${app.ready.publicPath}`);
  } finally {
    await browser.close();
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
