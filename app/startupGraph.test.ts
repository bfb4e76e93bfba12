import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

/** A file's static imports that evaluate code: not `import type`, not `import()`. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\bfrom\s*)?"([^"]+)"/gm;

/** Every project file and package that `entries` evaluate, following static imports. */
function staticGraph(entries: string[]): Set<string> {
  const reached = new Set<string>();
  const visit = (file: string) => {
    if (reached.has(file)) return;
    reached.add(file);
    if (!file.startsWith(".")) return;
    for (const [, specifier] of readFileSync(path.join(ROOT, file), "utf8").matchAll(STATIC_IMPORT)) {
      if (!specifier) continue;
      if (!specifier.startsWith(".")) {
        reached.add(specifier);
        continue;
      }
      const target = `./${path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier))}`;
      if (existsSync(path.join(ROOT, target))) visit(target);
    }
  };
  for (const entry of entries) visit(entry);
  return reached;
}

/** What neither start may evaluate: the schema library, the company schemas, the countries' names. */
function expectLight(graph: Set<string>) {
  expect(graph.has("./app/api/client.ts")).toBe(true);
  expect(graph.has("./domain/schemas/company.ts")).toBe(false);
  expect(graph.has("zod")).toBe(false);
  expect(graph.has("i18n-iso-countries")).toBe(false);
}

describe("the starts", () => {
  it("of the app evaluate neither the schema library nor the countries' names before its first screen", () => {
    // main.tsx awaits the router and the providers before drawing anything.
    expectLight(staticGraph(["./app/main.tsx", "./app/router.tsx", "./app/AppRoot.tsx"]));
  });

  it("of the sign-in page sent drawn leave them out too", () => {
    expectLight(staticGraph(["./app/signInIsland.tsx"]));
  });
});
