import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "../config.ts";
import { createTestDatabase, type TestDatabase, testDialects } from "../testing/test-database.ts";
import { createDataKeys } from "./data-keys.ts";
import { loadCheckedMasterKeyring } from "./master-key-check.ts";
import { generateMasterKeyText } from "./master-key-text.ts";
import { MASTER_KEY_FILE } from "./master-keys.ts";

const QUIET = { warn() {} };

describe.each(testDialects())("the master key checked at start on %s", (dialect) => {
  let database: TestDatabase;
  const right = generateMasterKeyText();
  const ownerId = "account-1";
  const others: TestDatabase[] = [];
  async function emptyDatabase(): Promise<TestDatabase> {
    const other = await createTestDatabase(dialect);
    others.push(other);
    return other;
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.db.deleteFrom("account_key").execute();
    rmSync(path.join(database.dataDir, MASTER_KEY_FILE), { force: true });
  });
  afterAll(async () => {
    for (const other of others) await other.close();
    await database.close();
  });

  const config = (masterKey?: string) => ({
    dataDir: database.dataDir,
    masterKey,
    newMasterKey: undefined,
  });

  async function storeSecret(masterKey?: string): Promise<Buffer> {
    const masterKeys = await loadCheckedMasterKeyring({ config: config(masterKey), database, logger: QUIET });
    return createDataKeys({ db: database.db, masterKeys }).encryptFor(ownerId, "secret", "test");
  }

  const storedKeys = () => database.db.selectFrom("account_key").selectAll().execute();

  it("starts with the key the data was encrypted with, and reads it", async () => {
    const sealed = await storeSecret(right);
    const masterKeys = await loadCheckedMasterKeyring({ config: config(right), database, logger: QUIET });
    const keys = createDataKeys({ db: database.db, masterKeys });
    expect((await keys.decryptFor(ownerId, sealed, "test")).toString()).toBe("secret");
  });

  it("refuses a wrong KINFILE_MASTER_KEY with one line, and changes nothing", async () => {
    await storeSecret(right);
    const before = await storedKeys();
    const wrong = loadCheckedMasterKeyring({
      config: config(generateMasterKeyText()),
      database,
      logger: QUIET,
    });
    await expect(wrong).rejects.toThrow(ConfigError);
    await expect(wrong).rejects.toThrow(
      /^the master key in KINFILE_MASTER_KEY is not the one this database's data was encrypted with \(it needs master key \S+\); set the right key or restore it from your backup\. Nothing was changed\.$/,
    );
    expect(await storedKeys()).toEqual(before);
  });

  it("refuses a replaced DATA_DIR/master-key", async () => {
    await storeSecret();
    rmSync(path.join(database.dataDir, MASTER_KEY_FILE));
    // A key file from elsewhere: the data's key is not it.
    await loadCheckedMasterKeyring({ config: config(), database: await emptyDatabase(), logger: QUIET });
    await expect(loadCheckedMasterKeyring({ config: config(), database, logger: QUIET })).rejects.toThrow(
      /^the master key in \S+master-key is not the one/,
    );
  });

  it("refuses to make a new key when DATA_DIR/master-key is lost and the database holds data keys", async () => {
    await storeSecret();
    const file = path.join(database.dataDir, MASTER_KEY_FILE);
    rmSync(file);
    await expect(loadCheckedMasterKeyring({ config: config(), database, logger: QUIET })).rejects.toThrow(
      /master-key is missing, but the database holds data encrypted under a master key; restore the file from your backup/,
    );
    expect(existsSync(file)).toBe(false);
  });

  it("makes the key on a first start, when there is nothing to read", async () => {
    await loadCheckedMasterKeyring({ config: config(), database, logger: QUIET });
    expect(existsSync(path.join(database.dataDir, MASTER_KEY_FILE))).toBe(true);
  });
});
