import { renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Config } from "../config.ts";
import type { DB } from "../db/schema.ts";
import { generateMasterKeyText, masterKeyId, parseMasterKey } from "./master-key-text.ts";
import {
  loadMasterKeyring,
  MASTER_KEY_FILE,
  type MasterKeyLogger,
  NEW_MASTER_KEY_FILE,
  PREVIOUS_MASTER_KEY_FILE,
  writeKeyFile,
} from "./master-keys.ts";
import { rewrapDataKeys } from "./rotation.ts";

export type MasterKeyRotation = {
  rewrapped: number;
  newKeyId: string;
  /** Embedded mode: DATA_DIR/master-key now holds the new key and master-key.previous the old one. */
  promoted: boolean;
  /** Where the new key is, when the operator must still put it in KINFILE_MASTER_KEY. */
  newKeySource: "NEW_KINFILE_MASTER_KEY" | string;
};

function replaceFile(file: string, text: string) {
  const temporary = `${file}.tmp-${process.pid}`;
  writeFileSync(temporary, `${text}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}

/**
 * `npm run kinfile -- rotate-keys`: moves every account's data key to a new master key without
 * stopping the server.
 * - The new key is NEW_KINFILE_MASTER_KEY, or DATA_DIR/master-key.new (kept from an interrupted
 *   run, else generated). Running servers read that file, or NEW_KINFILE_MASTER_KEY when their
 *   operator set it before the rotation, so they read data keys under either master key meanwhile.
 * - Embedded mode (no KINFILE_MASTER_KEY): at the end master-key.new becomes master-key, the old key
 *   stays readable as master-key.previous; master-key exists at every instant.
 * - With KINFILE_MASTER_KEY: the operator then sets it to the new key and unsets NEW_KINFILE_MASTER_KEY.
 */
export async function rotateMasterKey(options: {
  config: Config;
  db: Kysely<DB>;
  logger: MasterKeyLogger;
  batchSize?: number;
  onBatch?: (rewrappedSoFar: number) => void;
}): Promise<MasterKeyRotation> {
  const { config, db, logger } = options;
  const file = (name: string) => path.join(config.dataDir, name);
  const embedded = config.masterKey === undefined;

  // Embedded servers learn the new key from the file, so it is written before any row moves to it.
  if (config.newMasterKey === undefined || embedded) {
    const text = config.newMasterKey ?? generateMasterKeyText();
    if (writeKeyFile(file(NEW_MASTER_KEY_FILE), text) && config.newMasterKey === undefined) {
      logger.warn(`generated the new master key in ${file(NEW_MASTER_KEY_FILE)}.`);
    }
  }
  const masterKeys = loadMasterKeyring({ config, logger });
  const target = masterKeys.wrapping();
  if (config.newMasterKey !== undefined) {
    const given = parseMasterKey(config.newMasterKey);
    if (given === undefined || masterKeyId(given) !== target.id) {
      throw new Error(
        `${file(NEW_MASTER_KEY_FILE)} holds another key than NEW_KINFILE_MASTER_KEY; finish or undo that rotation first.`,
      );
    }
  }

  const { rewrapped } = await rewrapDataKeys({
    db,
    masterKeys,
    target,
    ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
    ...(options.onBatch === undefined ? {} : { onBatch: options.onBatch }),
  });

  if (!embedded) {
    return {
      rewrapped,
      newKeyId: target.id,
      promoted: false,
      newKeySource: config.newMasterKey === undefined ? file(NEW_MASTER_KEY_FILE) : "NEW_KINFILE_MASTER_KEY",
    };
  }
  const current = masterKeys.current();
  if (current.id !== target.id) {
    replaceFile(file(PREVIOUS_MASTER_KEY_FILE), current.key.toString("base64"));
  }
  // One atomic rename: master-key holds the old key or the new one, never nothing.
  renameSync(file(NEW_MASTER_KEY_FILE), file(MASTER_KEY_FILE));
  return { rewrapped, newKeyId: target.id, promoted: true, newKeySource: file(MASTER_KEY_FILE) };
}
