import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(new URL(".", import.meta.url).pathname) } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/api/**/*.test.ts", "tests/jobs/**/*.test.ts", "tests/flows/**/*.test.ts", "tests/connectors/**/*.test.ts"],
    setupFiles: ["tests/helpers/setup-env.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
