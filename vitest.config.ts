import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Two projects: everything that runs in Node (domain, server, bench helpers) and the React app (with
// web/'s rendering of it) in jsdom.
// API tests run on a fresh SQLite file each, and again on PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "node",
          environment: "node",
          include: ["domain/**/*.test.ts", "server/**/*.test.ts", "bench/**/*.test.ts", "web/**/*.test.ts"],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: "app",
          environment: "jsdom",
          include: ["app/**/*.test.{ts,tsx}", "web/**/*.test.tsx"],
          setupFiles: ["app/test/setup.ts"],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
