import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"],
    environment: "node",
    setupFiles: ["src/server/test/setup.ts"],
    globalSetup: ["src/server/test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // NOTE: each file opens its own database (PGlite in memory, a fresh PostgreSQL database), so files run in parallel safely.
    pool: "forks",
    // Verbose, so the output names every suite, e.g. "[pglite] ..." and "[postgres] ...".
    reporters: ["verbose"],
  },
});
