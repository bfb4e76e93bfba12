import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { compileHints } from "./web/compile-hints-plugin.ts";
import { CHUNK_FILES, COMPRESSED } from "./web/compressed-copies.ts";
import { prerenderedPages } from "./web/prerender-plugin.ts";
import { installableApp } from "./web/pwa-plugin.ts";
import { stableMantineIds } from "./web/stable-ids-plugin.ts";
import { START_UP_CHUNK, START_UP_MODULES, startUpInOneFile } from "./web/start-up-plugin.ts";

// The SPA lives in app/; its build lands in dist/web, which the server serves.
// In development Vite proxies the API and the translations to the server on :3000.
export default defineConfig({
  root: "app",
  publicDir: "../public",
  plugins: [
    react(),
    // Mantine's components drawn once, not twice, when they mount.
    stableMantineIds(),
    // The start-up's steps (main.tsx) stay in the start-up file.
    startUpInOneFile(),
    // V8 compiles each chunk's functions while it streams it, off the main thread; the chunks'
    // compressed copies are made there, from the hinted code.
    compileHints({ compressedCopies: true }),
    // The installable app: manifest, icons and a service worker that keeps the app shell only.
    installableApp(),
    // Brotli and gzip copies of every text asset, made once at build time at the highest settings;
    // the server sends the one the browser accepts (server/http/web.ts, preCompressed).
    // The sign-in page drawn into its HTML, in each language (after the rest: it reads the manifest).
    prerenderedPages(),
    compression({
      include: COMPRESSED.include,
      exclude: CHUNK_FILES,
      threshold: COMPRESSED.minBytes,
      algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm("gzip", { level: 9 })],
    }),
  ],
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    // bench/bundle.ts reads the manifest to weigh each route's JavaScript and CSS.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Everything the first screen runs (React, the router, i18next, Mantine's provider, the
        // query cache; web/start-up-plugin.ts names its modules) in one file, whose one compressed
        // stream shares its dictionary across all of it, lighter than the automatic split's chunks.
        // Screens keep the automatic split, so each still fetches only what it uses; but its
        // small common chunks (each set of screens sharing a module has one) are copied into the
        // chunks that read them, where Rolldown's runtime keeps one instance of each module, so a
        // screen needs far fewer round trips on HTTP/1.1 for the same bytes (bench/README.md).
        // Style chunks stay files (Rolldown's advice for Vite's CSS).
        codeSplitting: {
          groups: [{ name: START_UP_CHUNK, test: START_UP_MODULES }],
          experimentalInlineCommonChunks: { maxSize: 20_000, exclude: /\.css(\?|$)/ },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": "http://localhost:3000",
      "/healthz": "http://localhost:3000",
      "/readyz": "http://localhost:3000",
    },
  },
});
