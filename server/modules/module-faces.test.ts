import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const MODULES_DIR = import.meta.dirname;
const SERVER_DIR = path.dirname(MODULES_DIR);

/**
 * The files that may reach past a module's `index.ts`, each with why. Everything else under
 * server/ asks another module only through its index, its one public face.
 */
const EXEMPT: Record<string, string> = {
  // The composition root builds and mounts each module: its routes, services and jobs are wiring,
  // kept out of the index so that a module's readers never pull in another module's routes.
  "app.ts": "the composition root mounts each module's routes and services",
  composition: "the composition root's parts: the shared dependencies and each module's mount",
  "app-jobs.ts": "the composition root gives each module's jobs their handlers",
  "main.ts": "the composition root schedules each module's start-up jobs",
  "cli.ts": "the command line builds the modules it runs, as main.ts does",
  // Tests and their fixtures set a module up from its own files.
  testing: "the tests' fixtures set modules up from their own files",
};

/** Every static and dynamic import of a source file: `from "..."`, `import "..."`, `import("...")`. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)"(\.[^"]+)"/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "fonts" ? [] : sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

function exempt(file: string): boolean {
  const relative = path.relative(SERVER_DIR, file).split(path.sep);
  return relative[0] !== undefined && relative[0] in EXEMPT;
}

/** `importer -> module/file` for each import of another module's file other than its index. */
function pastTheIndex(): string[] {
  return sourceFiles(SERVER_DIR)
    .filter((file) => !exempt(file))
    .flatMap((file) => {
      const from = path.relative(MODULES_DIR, file).split(path.sep);
      const ownModule = from[0] === ".." ? null : from[0];
      return [...readFileSync(file, "utf8").matchAll(IMPORT)].flatMap((match) => {
        const target = path.relative(MODULES_DIR, path.resolve(path.dirname(file), match[1] as string));
        const [module, ...rest] = target.split(path.sep);
        if (module === ".." || rest.length === 0 || module === ownModule) return [];
        return rest.join("/") === "index.ts"
          ? []
          : [`${path.relative(SERVER_DIR, file)} -> modules/${module}/${rest.join("/")}`];
      });
    });
}

describe("modules meet through their index", () => {
  it("imports another module only through its index.ts", () => {
    expect(pastTheIndex()).toEqual([]);
  });

  it("names only files that exist among its exemptions", () => {
    const present = new Set(readdirSync(SERVER_DIR));
    expect(Object.keys(EXEMPT).filter((name) => !present.has(name))).toEqual([]);
  });
});
