import { existsSync } from "node:fs";
import path from "node:path";
import { type Config, ConfigError } from "../config.ts";
import type { Database } from "../db/database.ts";
import {
  loadMasterKeyring,
  MASTER_KEY_FILE,
  type MasterKeyLogger,
  type MasterKeyring,
} from "./master-keys.ts";

/** The master keys the stored data keys are wrapped under (a handful of ids, one per rotation). */
async function wrappingKeyIds(database: Database): Promise<string[]> {
  const rows = await database.db.selectFrom("account_key").select("key_version").distinct().execute();
  return rows.map((row) => row.key_version);
}

/**
 * The master keyring, checked against the database before anything is served or written: a wrong
 * KINFILE_MASTER_KEY, or a DATA_DIR/master-key lost while the database holds data keys, stops the
 * start with one line saying so, instead of a first start's new key (which would leave every
 * secret and file unreadable) or a 500 on every secret. Nothing is changed on the way.
 */
export async function loadCheckedMasterKeyring(options: {
  config: Pick<Config, "dataDir" | "masterKey" | "newMasterKey">;
  database: Database;
  logger: MasterKeyLogger;
}): Promise<MasterKeyring> {
  const { config, database } = options;
  const stored = await wrappingKeyIds(database);
  const keyFile = path.join(config.dataDir, MASTER_KEY_FILE);
  if (config.masterKey === undefined && stored.length > 0 && !existsSync(keyFile)) {
    throw new ConfigError(
      `${keyFile} is missing, but the database holds data encrypted under a master key; restore the file from your backup (or set KINFILE_MASTER_KEY to that key). No new key was made.`,
    );
  }
  const keyring = loadMasterKeyring(options);
  const held = stored.filter((id) => keyring.byId(id) !== undefined);
  if (stored.length > 0 && held.length === 0) {
    const source = config.masterKey === undefined ? keyFile : "KINFILE_MASTER_KEY";
    throw new ConfigError(
      `the master key in ${source} is not the one this database's data was encrypted with (it needs master key ${stored.join(" or ")}); set the right key or restore it from your backup. Nothing was changed.`,
    );
  }
  if (held.length < stored.length) {
    options.logger.warn(
      `some accounts' data keys are wrapped under master key ${stored.filter((id) => !held.includes(id)).join(", ")}, which this server does not hold: their secrets and files cannot be read until it is restored (DATA_DIR/master-key.previous or NEW_KINFILE_MASTER_KEY during a rotation).`,
    );
  }
  return keyring;
}
