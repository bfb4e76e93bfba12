/**
 * The production server bundle (`npm start`, `npm run serve`): dist/server.mjs, which imports the
 * chunks of what the server runs from the start (dist/server-startup-*.mjs), the chunks of modules
 * it imports only when needed (dist/server-<name>-*.mjs), its worker threads' files
 * (dist/photo-worker.mjs, dist/checkpoint-worker.mjs) and the files it reads at run time
 * (dist/fonts/, beside dist/web/ and its locales/ from the Vite build). Every file sits in dist/
 * itself, so a path relative to a module's `import.meta.url` means the same from any chunk.
 * Loading every module separately, ours through Node's type stripping, kept the idle server over
 * the memory budget of DESIGN.md; plain ASCII JavaScript (a Latin-1 source is held in memory at
 * half the size of a UTF-16 one) in chunks of moderate size brings it under: V8 parses a module's
 * top level in one go, and the parser's memory for one very large module stays with the process
 * after it is freed, as the allocator cannot give back the middle of its heap (bench/README.md
 * has the figures).
 * Tests of the code, the CLI and `npm run dev` run the TypeScript sources; the browser tests and
 * the bundle smoke suite (smoke/bundle.smoke.ts) run this bundle.
 *
 * A deployment is dist/, package.json, package-lock.json and the production node_modules: nothing
 * here may read a file of the repository's sources. server/config.ts finds the shipped files beside
 * the bundle when KINFILE_BUNDLE is defined (SHIPPED_FILES).
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { defineConfig, type OutputOptions, type Plugin, type RolldownOptions } from "rolldown";

const OUT_DIR = "dist";
/** The chunks' names begin so: the entry, dist/server.mjs, does not. */
const CHUNK_PREFIX = "server-";
/** Chunks of the start-up modules no larger than this, in bytes: small enough to parse each in little memory. */
const STARTUP_CHUNK_BYTES = 300_000;
/** The binder's fonts (server/modules/binder/fonts) and their licence, copied to dist/fonts/. */
const FONTS_DIR = "server/modules/binder/fonts";

/**
 * Worker threads start from a file beside their caller, `new URL("./<name>-worker.ts",
 * import.meta.url)`; each worker is a bundle of its own beside dist/server.mjs (WORKERS).
 */
const WORKER_URL = /new URL\("\.\/([\w-]+-worker)\.ts", import\.meta\.url\)/g;
const workerFiles: Plugin = {
  name: "kinfile-worker-files",
  transform: {
    filter: { code: /-worker\.ts"/ },
    handler(code) {
      return code.replaceAll(WORKER_URL, 'new URL("./$1.mjs", import.meta.url)');
    },
  },
};

/**
 * A package that loads its own files with `createRequire(import.meta.url)` and its package.json's
 * `imports` (pdfkit's `require('#standard-fonts/Helvetica')`) would look for them from the
 * bundle's folder, where no such package is: those calls become plain `require`, which the bundler
 * resolves through the package's `imports` and bundles.
 */
const CREATE_REQUIRE = /const (\w+\$?\w*) = createRequire\(import\.meta\.url\);/;
const packageImports: Plugin = {
  name: "kinfile-package-imports",
  transform: {
    filter: { id: /node_modules/, code: /createRequire\(import\.meta\.url\)/ },
    handler(code) {
      const name = CREATE_REQUIRE.exec(code)?.[1];
      if (name === undefined) return null;
      const call = new RegExp(`\\b${name.replaceAll("$", "\\$")}\\((['"]#)`, "g");
      return code.replace(call, "require($1");
    },
  },
};

/** The files the server reads at run time, copied into dist/ so that the deployment holds them. */
const shippedFiles: Plugin = {
  name: "kinfile-shipped-files",
  generateBundle() {
    for (const name of readdirSync(FONTS_DIR)) {
      this.emitFile({
        type: "asset",
        fileName: `fonts/${name}`,
        source: readFileSync(path.join(FONTS_DIR, name)),
      });
    }
  },
};

/** Chunk names carry a hash: a new build must not leave the last one's beside it. */
const freshChunks: Plugin = {
  name: "kinfile-fresh-chunks",
  buildStart() {
    const old = existsSync(OUT_DIR) ? readdirSync(OUT_DIR) : [];
    for (const name of old.filter((file) => file.startsWith(CHUNK_PREFIX) && file.endsWith(".mjs"))) {
      rmSync(path.join(OUT_DIR, name));
    }
  },
};

const output: OutputOptions = {
  dir: OUT_DIR,
  format: "esm",
  entryFileNames: "[name].mjs",
  chunkFileNames: `${CHUNK_PREFIX}[name]-[hash].mjs`,
  // Plain ASCII with no comments: one character outside Latin-1 would make V8 keep the whole source as UTF-16.
  charset: "ascii",
  comments: false,
};

function bundle(name: string, input: string, plugins: Plugin[], codeSplitting: boolean): RolldownOptions {
  return {
    input: { [name]: input },
    platform: "node",
    // Everything from node_modules goes in but pino, whose log transports (pino-pretty when
    // NODE_ENV=development) start worker threads from files of its own folder.
    external: [/^node:/, ...builtinModules, "pino"],
    transform: { define: { KINFILE_BUNDLE: "true" } },
    plugins: [packageImports, ...plugins],
    output: {
      ...output,
      ...(codeSplitting
        ? {
            // The start-up modules in chunks of moderate size, run in the order one file would run them.
            codeSplitting: {
              groups: [{ name: "startup", tags: ["$initial"], maxSize: STARTUP_CHUNK_BYTES }],
            },
            strictExecutionOrder: true,
          }
        : { codeSplitting: false }),
    },
  };
}

export default defineConfig([
  // Dynamic imports (the SMTP library, the PostgreSQL driver, the dev mailbox) become chunks loaded on first use.
  bundle("server", "server/main.ts", [freshChunks, workerFiles, shippedFiles], true),
  // Each built on its own so it shares no chunk with the server: one file the worker thread loads.
  bundle("photo-worker", "server/modules/persons/photo-worker.ts", [], false),
  bundle("checkpoint-worker", "server/db/checkpoint-worker.ts", [], false),
]);
