import { defineConfig } from "vitest/config";

// The bundle smoke suite: the built server in a folder holding only what a deployment holds
// (smoke/deployment.ts), reached over HTTP. Needs `npm run build` and the npm registry (or its cache).
export default defineConfig({
  test: {
    name: "smoke",
    root: ".",
    include: ["smoke/**/*.smoke.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    // `npm ci --omit=dev` of the deployment.
    hookTimeout: 300_000,
  },
});
