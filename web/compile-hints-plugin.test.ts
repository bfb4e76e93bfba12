import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { build } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { afterAll, describe, expect, it } from "vitest";
import { COMPILE_HINT, compileHints } from "./compile-hints-plugin.ts";
import { CHUNK_FILES, COMPRESSED } from "./compressed-copies.ts";

const root = mkdtempSync(join(tmpdir(), "kinfile-compile-hints-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * A small app built as vite.config.ts builds the real one: a dynamic import whose chunk has a
 * style, so that Vite puts its preload map at the top of the entry, and the compression plugin
 * leaving the chunks to the hints' plugin.
 */
async function buildSmallApp(): Promise<string> {
  // Each file large enough for the compression plugin's copies.
  const words = JSON.stringify(Array.from({ length: 80 }, (_, index) => "kin".repeat(index)));
  writeFileSync(join(root, "index.html"), '<!doctype html><script type="module" src="./main.js"></script>');
  writeFileSync(
    join(root, "main.js"),
    `console.log(${words});\nimport("./screen.js").then((m) => m.show());`,
  );
  writeFileSync(
    join(root, "screen.js"),
    `import "./screen.css";\nexport function show() { return ${words}; }`,
  );
  writeFileSync(join(root, "screen.css"), ".screen { color: rebeccapurple }");
  const outDir = join(root, "dist");
  await build({
    configFile: false,
    root,
    logLevel: "silent",
    plugins: [
      compileHints({ compressedCopies: true }),
      compression({
        include: COMPRESSED.include,
        exclude: CHUNK_FILES,
        threshold: COMPRESSED.minBytes,
        algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm("gzip", { level: 9 })],
      }),
    ],
    build: { outDir, emptyOutDir: true, minify: false },
  });
  return join(outDir, "assets");
}

describe("compile hints", () => {
  it("opens every chunk with V8's hint, before Vite's preload map, in the compressed copies too", async () => {
    const assets = await buildSmallApp();
    const chunks = readdirSync(assets).filter((file) => file.endsWith(".js"));
    expect(chunks.length).toBe(2);
    for (const chunk of chunks) {
      const code = readFileSync(join(assets, chunk), "utf8");
      expect(code.startsWith(COMPILE_HINT)).toBe(true);
      expect(brotliDecompressSync(readFileSync(join(assets, `${chunk}.br`))).toString()).toBe(code);
      expect(gunzipSync(readFileSync(join(assets, `${chunk}.gz`))).toString()).toBe(code);
    }
    const entry = chunks
      .map((chunk) => readFileSync(join(assets, chunk), "utf8"))
      .find((code) => code.includes("__vite__mapDeps"));
    expect(entry?.indexOf("__vite__mapDeps")).toBe(COMPILE_HINT.length + "const ".length);
  }, 60_000);
});
