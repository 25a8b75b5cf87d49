// Headless Debian Chromium with a DevTools port, for Lighthouse (bench/lighthouse.ts, bench/lighthouse-app.ts).
import { type ChildProcess, spawn } from "node:child_process";

export /** Starts headless Chromium with a DevTools port and resolves once it is listening. */
async function startChromium(path: string, profileDir: string): Promise<{ port: number; process: ChildProcess }> {
  const child = spawn(
    path,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      // NOTE: chrome-launcher's defaults that matter here; RenderDocument breaks Lighthouse's trace (NO_NAVSTART).
      "--disable-features=Translate,OptimizationHints,MediaRouter,RenderDocument",
      "--disable-extensions",
      "--disable-default-apps",
      "--mute-audio",
      "--disable-backgrounding-occluded-windows",
      "--disable-renderer-backgrounding",
      "--disable-background-timer-throttling",
      "--password-store=basic",
      "--remote-debugging-port=0",
      `--user-data-dir=${profileDir}`,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`${path} exited with code ${code}: ${output.slice(-500)}`)));
    child.stderr!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
  });
  child.removeAllListeners("exit");
  child.stderr!.resume();
  return { port, process: child };
}
