// Waits for a server process a bench started to answer /healthz, failing at once if the process exits.
import type { ChildProcess } from "node:child_process";

export async function waitForHealthz(base: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  for (const started = Date.now(); Date.now() - started < timeoutMs; ) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const up = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer /healthz within ${timeoutMs / 1000} s`);
}
