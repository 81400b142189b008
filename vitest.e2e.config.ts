import { defineConfig } from "vitest/config";

// End-to-end tests: the built app in a real Chromium. One file at a time (they start servers).
export default defineConfig({
  test: {
    include: ["test/e2e/**/*.test.ts"],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: "forks",
    fileParallelism: false,
    env: { DOTENV_CONFIG_QUIET: "true", LOG_LEVEL: "silent" },
  },
});
