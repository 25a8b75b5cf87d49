// `npm run test:fuzz`: the API fuzzing stage (issue 34), one database per worker, apart from the unit stage.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["src/**/*.fuzz.ts"],
    setupFiles: ["src/server/test/setup.ts"],
    globalSetup: ["src/server/test/global-setup.ts"],
    testTimeout: 300_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    reporters: ["verbose"],
  },
});
