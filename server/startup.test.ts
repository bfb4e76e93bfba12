import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runModuleScript } from "./testing/module-script.ts";

describe("DATA_DIR made ready", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "kinfile-startup-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("is ready while other processes create and remove files in it", async () => {
    // The server and CLI commands (two accounts created at once, a backup while the server runs)
    // each check the folder while the others write their probes, journals and blobs' temporary
    // files: one gone between the listing and its chmod is no reason to refuse to start.
    const ensure = `
      import { ensureDataDir } from ${JSON.stringify(path.join(import.meta.dirname, "startup.ts"))};
      const until = Date.now() + 1500;
      while (Date.now() < until) ensureDataDir(${JSON.stringify(dir)});
    `;
    const churn = `
      import { rmSync, writeFileSync } from "node:fs";
      const until = Date.now() + 1500;
      for (let round = 0; Date.now() < until; round += 1) {
        const file = ${JSON.stringify(dir)} + "/.tmp-" + (round % 50);
        writeFileSync(file, "");
        rmSync(file);
      }
    `;
    const processes = [ensure, churn, ensure].map(runModuleScript);
    await expect(Promise.all(processes)).resolves.toHaveLength(3);
  });
});
