import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Config, ConfigError } from "../config.ts";
import { generateMasterKeyText, masterKeyId, parseMasterKey } from "./master-key-text.ts";

/** The master key kept in DATA_DIR when KINFILE_MASTER_KEY is unset (embedded mode). */
export const MASTER_KEY_FILE = "master-key";
/** The key a rotation moves to, until it is done (npm run kinfile -- rotate-keys). */
export const NEW_MASTER_KEY_FILE = "master-key.new";
/** The key a finished rotation moved away from: still read, for data keys wrapped during the switch. */
export const PREVIOUS_MASTER_KEY_FILE = "master-key.previous";

export type MasterKey = { id: string; key: Buffer };

export type MasterKeyLogger = { warn(message: string): void };

/**
 * The master keys a process knows. Data keys are wrapped with one (`wrapping`) and unwrapped with
 * whichever their key_version names, so a rotation never stops readers: while it runs they hold
 * the old key and the new one.
 */
export type MasterKeyring = {
  /** KINFILE_MASTER_KEY, or the key in DATA_DIR/master-key. */
  current(): MasterKey;
  /** The key new and re-wrapped data keys are wrapped with: the rotation's new key while one runs. */
  wrapping(): MasterKey;
  /** The key of this id; key files in DATA_DIR are read again (at most once a second) on a miss. */
  byId(id: string): MasterKey | undefined;
};

function toMasterKey(key: Buffer): MasterKey {
  return { id: masterKeyId(key), key };
}

function readKeyFile(file: string): MasterKey | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const key = parseMasterKey(text);
  if (key === undefined) {
    throw new ConfigError(
      `${file} does not hold a master key (32 bytes in base64); restore it from your backup, or set KINFILE_MASTER_KEY.`,
    );
  }
  return toMasterKey(key);
}

/** Writes a new key file with mode 0600; false when another process created it first. */
export function writeKeyFile(file: string, text: string): boolean {
  try {
    writeFileSync(file, `${text}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  chmodSync(file, 0o600);
  return true;
}

function fromConfig(text: string | undefined): MasterKey | undefined {
  if (text === undefined) return undefined;
  const key = parseMasterKey(text);
  // config.ts validated it; this only guards callers that build a Config by hand.
  if (key === undefined) throw new ConfigError("KINFILE_MASTER_KEY must be 32 random bytes in base64.");
  return toMasterKey(key);
}

/**
 * KINFILE_MASTER_KEY when set; otherwise DATA_DIR/master-key, generated on first start (mode 0600)
 * with a warning to back it up: without it no secret or file can be read again. The rotation's new
 * key (NEW_KINFILE_MASTER_KEY or DATA_DIR/master-key.new) and the previous one
 * (DATA_DIR/master-key.previous) are read too.
 */
export function loadMasterKeyring(options: {
  config: Pick<Config, "dataDir" | "masterKey" | "newMasterKey">;
  logger: MasterKeyLogger;
  clock?: () => number;
}): MasterKeyring {
  const { config, logger } = options;
  const clock = options.clock ?? Date.now;
  const file = (name: string) => path.join(config.dataDir, name);
  const configured = fromConfig(config.masterKey);
  const configuredNew = fromConfig(config.newMasterKey);

  function primaryFromFile(generate: boolean): MasterKey {
    const existing = readKeyFile(file(MASTER_KEY_FILE));
    if (existing !== undefined) return existing;
    if (!generate)
      throw new ConfigError(`${file(MASTER_KEY_FILE)} has disappeared; restore it from your backup.`);
    if (writeKeyFile(file(MASTER_KEY_FILE), generateMasterKeyText())) {
      logger.warn(
        `generated the master key in ${file(MASTER_KEY_FILE)}; back it up apart from the database (without it no secret or file can be read), or set KINFILE_MASTER_KEY.`,
      );
    }
    const created = readKeyFile(file(MASTER_KEY_FILE));
    if (created === undefined) throw new ConfigError(`could not create ${file(MASTER_KEY_FILE)}.`);
    return created;
  }

  let primary: MasterKey;
  let next: MasterKey | undefined;
  const known = new Map<string, MasterKey>();
  let loadedAt = 0;

  // Only the first load may create the key: a file missing later is an accident, not a first start.
  function load(generate: boolean) {
    loadedAt = clock();
    primary = configured ?? primaryFromFile(generate);
    next = configuredNew ?? readKeyFile(file(NEW_MASTER_KEY_FILE));
    for (const key of [primary, next, readKeyFile(file(PREVIOUS_MASTER_KEY_FILE))]) {
      if (key !== undefined) known.set(key.id, key);
    }
  }
  load(true);

  return {
    current: () => primary,
    wrapping: () => next ?? primary,
    byId(id) {
      const key = known.get(id);
      if (key !== undefined || clock() - loadedAt < 1000) return key;
      // A rotation run beside this process may have created or promoted a key file since.
      load(false);
      return known.get(id);
    },
  };
}
