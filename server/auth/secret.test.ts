import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { resolveAuthSecret, SECRET_FILE } from "./secret.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "kinfile-secret-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the auth secret", () => {
  it("is generated once into DATA_DIR with mode 0600, with a warning that never shows it", () => {
    const warnings: string[] = [];
    const logger = { warn: (message: string) => warnings.push(message) };
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = resolveAuthSecret(config, logger);
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect(resolveAuthSecret(config, logger)).toBe(first);
    const file = path.join(dataDir, SECRET_FILE);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("back it up");
    expect(warnings[0]).not.toContain(first);
  });

  it("is AUTH_SECRET when set", () => {
    const config = loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: "x".repeat(32) });
    expect(resolveAuthSecret(config, { warn: () => {} })).toBe("x".repeat(32));
  });
});
