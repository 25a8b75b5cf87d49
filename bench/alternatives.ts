// Issue 32's budget for 'Another version': stepping between a generation's versions in the editor (← 2/3 →) takes
// under 16 ms a step, with no network. The built app runs in its own process on PGlite with the offline storyteller;
// Debian's Chromium opens a long story, asks Marin to continue it and for two more versions, then steps back and
// forth between the three, timing each step in the page.
//   npm run build && npx tsx bench/alternatives.ts [--words 100000] [--steps 60]
// "click → DOM": from the click on an arrow until the click's handlers returned (the editor's transaction applied and
// its DOM updated, React's counter rendered); "click → next frame": until the next animation frame after it (layout
// and paint included).
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright";
import { SESSION_COOKIE } from "../src/server/accounts/sessions";
import { SIGNED_IN_HINT_COOKIE, SIGNED_IN_HINT_VALUE } from "../src/shared/signed-in-hint";
import { startServerProcess } from "./lib/ipc";
import { formatMs, printTable } from "./lib/table";
import type { AppServerOptions, AppServerReady } from "./servers/app-server";

const { values } = parseArgs({
  options: {
    words: { type: "string", default: "100000" },
    steps: { type: "string", default: "60" },
    chrome: { type: "string", default: "/usr/bin/chromium" },
  },
});

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1)))]!;
};

const app = await startServerProcess<AppServerReady>(new URL("./servers/app-server.ts", import.meta.url), {
  dataDir: mkdtempSync(join(tmpdir(), "ff-bench-alternatives-")),
  stories: 0,
  seed: 1,
} satisfies AppServerOptions);
const base = `http://127.0.0.1:${app.ready.port}`;
try {
  const setup = await app.call<{ storyId: number; token: string; words: number }>("editorStory", {
    words: Number(values.words),
    versions: 0,
  });
  console.log(`a ${setup.words.toLocaleString("en-US")}-word story; load ${loadavg()[0]!.toFixed(1)}`);
  const browser = await chromium.launch({ executablePath: values.chrome, args: ["--no-sandbox"] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([
    { name: SESSION_COOKIE, value: setup.token, url: base },
    { name: SIGNED_IN_HINT_COOKIE, value: SIGNED_IN_HINT_VALUE, url: base },
  ]);
  const page = await context.newPage();
  await page.goto(`${base}/dashboard/story/${setup.storyId}`);
  const pane = page.getByTestId("assistant-pane");
  const text = page.getByRole("textbox", { name: "Story content" });
  await text.locator("p").first().click({ timeout: 120_000 });
  await pane.getByRole("toolbar", { name: "Writing tools" }).getByRole("button", { name: "Continue" }).click();
  const versions = pane.getByRole("group", { name: "Versions of Marin's text" });
  await versions.waitFor({ timeout: 120_000 });
  for (const n of [2, 3]) {
    await versions.getByRole("button", { name: "Another version" }).click();
    await versions.getByText(`${n}/${n}`).waitFor({ timeout: 120_000 });
  }
  let requests = 0;
  page.on("request", (request) => {
    if (request.url().includes("/api/generate-content")) requests++;
  });
  const steps = await page.evaluate(async (count) => {
    // NOTE: no named helpers in here: tsx would wrap them in a __name() call that the page does not have.
    const group = document.querySelector('fieldset[aria-label="Versions of Marin\'s text"]')!;
    const dom: number[] = [];
    const frame: number[] = [];
    let direction = "Previous version";
    for (let i = 0; i < count; i++) {
      if (group.querySelector<HTMLButtonElement>(`button[aria-label="${direction}"]`)!.disabled)
        direction = direction === "Previous version" ? "Next version" : "Previous version";
      const before = document.querySelector(".ProseMirror div.generated-content")?.textContent;
      const started = performance.now();
      group.querySelector<HTMLButtonElement>(`button[aria-label="${direction}"]`)!.click();
      dom.push(performance.now() - started);
      await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      frame.push(performance.now() - started);
      if (document.querySelector(".ProseMirror div.generated-content")?.textContent === before)
        throw new Error(`step ${i} did not change the text`);
      // Let React settle (the counter, the arrows' disabled state) before the next step.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { dom, frame };
  }, Number(values.steps));
  await browser.close();
  printTable(
    ["figure", "median", "p95", "max", "budget"],
    [
      ["click → DOM", steps.dom, "16 ms"],
      ["click → next frame", steps.frame, ""],
    ].map(([figure, xs, budget]) => [
      figure as string,
      formatMs(quantile(xs as number[], 0.5)),
      formatMs(quantile(xs as number[], 0.95)),
      formatMs(Math.max(...(xs as number[]))),
      budget as string,
    ]),
  );
  console.log(`${steps.dom.length} steps; requests to Marin during the steps: ${requests}`);
} finally {
  await app.stop();
}
