import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrations } from "./db/migrations/index.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "kinfile-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function kinfile(...args: string[]) {
  return spawnSync(process.execPath, [path.join(import.meta.dirname, "cli.ts"), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
  });
}

describe("npm run kinfile", () => {
  it("migrate applies the migrations, then finds nothing to do", () => {
    const first = kinfile("migrate");
    expect(first.status).toBe(0);
    expect(first.stdout).toBe(`Applied ${Object.keys(migrations).join(", ")}.\n`);
    const second = kinfile("migrate");
    expect(second.status).toBe(0);
    expect(second.stdout).toBe("The database is up to date.\n");
  });

  it("help lists the commands", () => {
    const help = kinfile("help");
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("migrate");
  });

  it("an unknown command shows the usage and exits 2", () => {
    const unknown = kinfile("frobnicate");
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown command "frobnicate"');
    expect(unknown.stderr).toContain("Usage: npm run kinfile -- <command>");
  });
});
