// The app's log is written in batches, not with a system call per line, and loses no line.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bufferedStdout, createLogger } from "./logging";

describe("bufferedStdout", () => {
  const dir = mkdtempSync(join(tmpdir(), "ff-log-"));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps request lines in memory, writes them within the flush interval, and all of them on flushSync", async () => {
    const file = join(dir, "a.log");
    const output = bufferedStdout(100, file);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the file is opened asynchronously
    const log = createLogger({ level: "info", stream: output.stream });
    for (let i = 0; i < 10; i++) log.info({ i }, "request completed");
    // NOTE: pino's default destination writes each line at once; these stay in the buffer.
    expect(readFileSync(file, "utf8")).toBe("");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(readFileSync(file, "utf8").trim().split("\n")).toHaveLength(10);
    log.info("stopped cleanly");
    output.flushSync();
    expect(readFileSync(file, "utf8")).toContain("stopped cleanly");
  });
});
