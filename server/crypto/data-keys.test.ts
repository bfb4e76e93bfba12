import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";
import { createTestDatabase, type TestDatabase, testDialects } from "../testing/test-database.ts";
import { createDataKeys, UnknownMasterKeyError } from "./data-keys.ts";
import { DecryptionError } from "./envelope.ts";
import { generateMasterKeyText, masterKeyId, parseMasterKey } from "./master-key-text.ts";
import { loadMasterKeyring, MASTER_KEY_FILE, NEW_MASTER_KEY_FILE } from "./master-keys.ts";
import { rotateMasterKey } from "./rotate-master-key.ts";
import { rewrapDataKeys } from "./rotation.ts";

const quiet = { warn() {} };

describe("master key settings", () => {
  it("refuses a malformed KINFILE_MASTER_KEY in one line without echoing it", () => {
    for (const value of ["short", "x".repeat(44), Buffer.alloc(31).toString("base64")]) {
      expect(() => loadConfig({ KINFILE_MASTER_KEY: value })).toThrow(ConfigError);
      try {
        loadConfig({ KINFILE_MASTER_KEY: value });
      } catch (error) {
        expect((error as Error).message).toMatch(/^KINFILE_MASTER_KEY must be 32 random bytes in base64/);
        expect((error as Error).message).not.toContain(value);
        expect((error as Error).message).not.toContain("\n");
      }
    }
    const key = generateMasterKeyText();
    expect(loadConfig({ KINFILE_MASTER_KEY: key }).masterKey).toBe(key);
    expect(parseMasterKey(key.replace(/\+/g, "-").replace(/\//g, "_").replace(/=$/, ""))).toEqual(
      parseMasterKey(key),
    );
  });
});

describe.each(testDialects())("data keys on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());

  const embeddedConfig = () => ({ dataDir: database.dataDir });

  it("generates the master key once into DATA_DIR with mode 0600 and a warning to back it up", () => {
    const warnings: string[] = [];
    const first = loadMasterKeyring({ config: embeddedConfig(), logger: { warn: (m) => warnings.push(m) } });
    const again = loadMasterKeyring({ config: embeddedConfig(), logger: { warn: (m) => warnings.push(m) } });
    const file = path.join(database.dataDir, MASTER_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/back it up/);
    expect(again.current().id).toBe(first.current().id);
    expect(warnings[0]).not.toContain(readFileSync(file, "utf8").trim());
  });

  it("refuses a master key file that holds no key", () => {
    const config = { dataDir: path.join(database.dataDir, "broken") };
    mkdirSync(config.dataDir);
    loadMasterKeyring({ config, logger: quiet });
    writeFileSync(path.join(config.dataDir, MASTER_KEY_FILE), "not a key\n");
    expect(() => loadMasterKeyring({ config, logger: quiet })).toThrow(/does not hold a master key/);
  });

  it("round-trips text and bytes, each account under its own generated key", async () => {
    const keys = createDataKeys({
      db: database.db,
      masterKeys: loadMasterKeyring({ config: embeddedConfig(), logger: quiet }),
    });
    const sealed = await keys.encryptFor("user-a", "123 456 789", "person.socialNumber:p1");
    expect(sealed.includes(Buffer.from("123 456 789"))).toBe(false);
    expect((await keys.decryptFor("user-a", sealed, "person.socialNumber:p1")).toString()).toBe(
      "123 456 789",
    );
    const bytes = Uint8Array.from([0, 1, 2, 255]);
    expect([...(await keys.decryptFor("user-b", await keys.encryptFor("user-b", bytes, "f"), "f"))]).toEqual([
      0, 1, 2, 255,
    ]);
    // Same plaintext twice: different IVs, different ciphertexts.
    expect(
      (await keys.encryptFor("user-a", "x", "f")).equals(await keys.encryptFor("user-a", "x", "f")),
    ).toBe(false);
    const rows = await database.db.selectFrom("account_key").select(["user_id"]).execute();
    expect(rows.map((row) => row.user_id).sort()).toEqual(["user-a", "user-b"]);
  });

  it("derives an account's search key once while its data key is in memory, the same again after", async () => {
    const keys = createDataKeys({
      db: database.db,
      masterKeys: loadMasterKeyring({ config: embeddedConfig(), logger: quiet }),
    });
    const first = await keys.searchKeyFor("user-s");
    expect(await keys.searchKeyFor("user-s")).toBe(first);
    expect(first.equals(await keys.searchKeyFor("user-t"))).toBe(false);
    keys.forget("user-s");
    const again = await keys.searchKeyFor("user-s");
    expect(again).not.toBe(first);
    expect(again.equals(first)).toBe(true);
  });

  it("detects any flipped bit", async () => {
    const keys = createDataKeys({
      db: database.db,
      masterKeys: loadMasterKeyring({ config: embeddedConfig(), logger: quiet }),
    });
    const sealed = await keys.encryptFor("user-a", "secret value", "field");
    for (let index = 0; index < sealed.length; index += 1) {
      const tampered = Buffer.from(sealed);
      tampered[index] = (tampered[index] ?? 0) ^ 0x01;
      await expect(keys.decryptFor("user-a", tampered, "field")).rejects.toThrow(DecryptionError);
    }
    await expect(keys.decryptFor("user-a", sealed.subarray(0, 20), "field")).rejects.toThrow(DecryptionError);
  });

  it("refuses another owner, another field, and a wrapped key moved to another account", async () => {
    const keys = createDataKeys({
      db: database.db,
      masterKeys: loadMasterKeyring({ config: embeddedConfig(), logger: quiet }),
    });
    const sealed = await keys.encryptFor("user-a", "secret", "person.socialNumber:p1");
    await expect(keys.decryptFor("user-b", sealed, "person.socialNumber:p1")).rejects.toThrow(
      DecryptionError,
    );
    await expect(keys.decryptFor("user-a", sealed, "person.socialNumber:p2")).rejects.toThrow(
      DecryptionError,
    );
    await expect(keys.decryptFor("user-a", sealed, "person.photo:p1")).rejects.toThrow(DecryptionError);

    // Copying a's wrapped key into b's row does not give b a's key: the wrapping names its account.
    const a = await database.db
      .selectFrom("account_key")
      .selectAll()
      .where("user_id", "=", "user-a")
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable("account_key")
      .set({ wrapped_key: Buffer.from(a.wrapped_key), key_version: a.key_version })
      .where("user_id", "=", "user-b")
      .execute();
    const fresh = createDataKeys({
      db: database.db,
      masterKeys: loadMasterKeyring({ config: embeddedConfig(), logger: quiet }),
    });
    await expect(fresh.decryptFor("user-b", sealed, "person.socialNumber:p1")).rejects.toThrow(
      DecryptionError,
    );
    await database.db.deleteFrom("account_key").where("user_id", "=", "user-b").execute();
  });

  it("rotates the master key in batches while a running reader keeps reading old and new rows", async () => {
    const dataDir = path.join(database.dataDir, "rotation");
    mkdirSync(dataDir);
    await database.db.deleteFrom("account_key").execute();
    let now = 1_000_000;
    const clock = () => now;
    const serverKeys = loadMasterKeyring({ config: { dataDir }, logger: quiet, clock });
    const oldId = serverKeys.current().id;
    // A short cache: the server reads account_key again after the rotation.
    const server = createDataKeys({ db: database.db, masterKeys: serverKeys, clock, cacheTtlMs: 10 });
    const users = ["r1", "r2", "r3", "r4", "r5"];
    const sealed = new Map<string, Buffer>();
    for (const user of users) sealed.set(user, await server.encryptFor(user, `data of ${user}`, "field"));

    const batches: number[] = [];
    const result = await rotateMasterKey({
      config: { ...loadConfig({ DATA_DIR: dataDir }) },
      db: database.db,
      logger: quiet,
      batchSize: 2,
      onBatch: (count) => batches.push(count),
    });
    expect(result.rewrapped).toBe(users.length);
    expect(batches.length).toBeGreaterThanOrEqual(3);
    expect(result.promoted).toBe(true);
    expect(result.newKeyId).not.toBe(oldId);
    const versions = await database.db.selectFrom("account_key").select("key_version").distinct().execute();
    expect(versions.map((row) => row.key_version)).toEqual([result.newKeyId]);

    now += 5_000;
    // The server started before the rotation learns the new key from DATA_DIR on its first miss.
    for (const user of users) {
      expect((await server.decryptFor(user, sealed.get(user) ?? Buffer.alloc(0), "field")).toString()).toBe(
        `data of ${user}`,
      );
    }
    // A server started after it reads everything with the promoted key alone.
    const restarted = loadMasterKeyring({ config: { dataDir }, logger: quiet });
    expect(restarted.current().id).toBe(result.newKeyId);
    expect(
      masterKeyId(
        parseMasterKey(readFileSync(path.join(dataDir, MASTER_KEY_FILE), "utf8")) ?? Buffer.alloc(32),
      ),
    ).toBe(result.newKeyId);
    expect(() => statSync(path.join(dataDir, NEW_MASTER_KEY_FILE))).toThrow();
    const after = createDataKeys({ db: database.db, masterKeys: restarted });
    expect((await after.decryptFor("r3", sealed.get("r3") ?? Buffer.alloc(0), "field")).toString()).toBe(
      "data of r3",
    );
  });

  it("moves to NEW_KINFILE_MASTER_KEY when the keys come from the environment, and refuses an unknown key", async () => {
    const dataDir = path.join(database.dataDir, "env-rotation");
    mkdirSync(dataDir);
    await database.db.deleteFrom("account_key").execute();
    const oldKey = generateMasterKeyText();
    const newKey = generateMasterKeyText();
    const before = createDataKeys({
      db: database.db,
      masterKeys: loadMasterKeyring({ config: { dataDir, masterKey: oldKey }, logger: quiet }),
    });
    const sealed = await before.encryptFor("env-user", "kept", "field");
    const result = await rotateMasterKey({
      config: loadConfig({ DATA_DIR: dataDir, KINFILE_MASTER_KEY: oldKey, NEW_KINFILE_MASTER_KEY: newKey }),
      db: database.db,
      logger: quiet,
    });
    expect(result).toMatchObject({ promoted: false, newKeySource: "NEW_KINFILE_MASTER_KEY" });
    const switched = createDataKeys({
      db: database.db,
      masterKeys: loadMasterKeyring({ config: { dataDir, masterKey: newKey }, logger: quiet }),
    });
    expect((await switched.decryptFor("env-user", sealed, "field")).toString()).toBe("kept");
    const stranger = createDataKeys({
      db: database.db,
      masterKeys: loadMasterKeyring({
        config: { dataDir, masterKey: generateMasterKeyText() },
        logger: quiet,
      }),
    });
    await expect(stranger.decryptFor("env-user", sealed, "field")).rejects.toThrow(UnknownMasterKeyError);
    await expect(
      rewrapDataKeys({
        db: database.db,
        masterKeys: loadMasterKeyring({
          config: { dataDir, masterKey: generateMasterKeyText() },
          logger: quiet,
        }),
        target: loadMasterKeyring({ config: { dataDir, masterKey: oldKey }, logger: quiet }).current(),
      }),
    ).rejects.toThrow(UnknownMasterKeyError);
  });
});
