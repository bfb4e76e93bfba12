import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db/database.ts";
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

  it("user:create makes a verified account, refusing a weak password or a taken email in one line", () => {
    const created = kinfile(
      "user:create",
      "--email",
      "Root@Example.com",
      "--password",
      "correct horse battery staple",
      "--admin",
    );
    expect(created.status).toBe(0);
    expect(created.stdout).toBe("Created admin account root@example.com.\n");
    const again = kinfile(
      "user:create",
      "--email",
      "root@example.com",
      "--password",
      "another good passphrase",
    );
    expect(again.status).toBe(1);
    expect(again.stderr).toBe("kinfile user:create: an account already uses root@example.com.\n");
    const weak = kinfile("user:create", "--email", "weak@example.com", "--password", "password123");
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain("too easy to guess");
    const missing = kinfile("user:create", "--email", "x@example.com");
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe("kinfile user:create: --password is required.\n");
  });

  it("user:disable and user:enable switch an account off and on", async () => {
    kinfile("user:create", "--email", "sam@example.com", "--password", "correct horse battery staple");
    const disabled = kinfile("user:disable", "--email", "sam@example.com");
    expect(disabled.status).toBe(0);
    expect(disabled.stdout).toContain("Disabled sam@example.com");
    const database = await openDatabase({ dataDir });
    try {
      const banned = async () =>
        (
          await database.db
            .selectFrom("user")
            .select("banned")
            .where("email", "=", "sam@example.com")
            .executeTakeFirst()
        )?.banned;
      expect(await banned()).toBe(1);
      expect(kinfile("user:enable", "--email", "sam@example.com").status).toBe(0);
      expect(await banned()).toBe(0);
    } finally {
      await database.close();
    }
    const unknown = kinfile("user:disable", "--email", "nobody@example.com");
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toBe("kinfile user:disable: no account uses nobody@example.com.\n");
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
