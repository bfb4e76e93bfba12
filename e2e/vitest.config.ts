import { defineConfig } from "vitest/config";

// Browser journeys against the built app on a real server (see support/global-setup.ts).
// One file at a time: they share one server and two cores.
export default defineConfig({
  test: {
    name: "e2e",
    root: ".",
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/support/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
