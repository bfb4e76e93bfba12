import { createSecretKey, hkdfSync, type KeyObject, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { KEY_BYTES, open, seal } from "./envelope.ts";
import type { MasterKey, MasterKeyring } from "./master-keys.ts";

/**
 * Envelope encryption for one account's data: a random 256-bit data key per account (generated on
 * first use), stored wrapped under the master key in account_key, unwrapped into a small in-memory
 * LRU for a short while. Every ciphertext is bound to its owner and to the field it belongs to
 * (the `aad`, such as "person.socialNumber:<person id>"): moved to another row, field or account,
 * it no longer opens.
 */
export type DataKeys = {
  encryptFor(userId: string, plaintext: Uint8Array | string, aad: string): Promise<Buffer>;
  decryptFor(userId: string, ciphertext: Uint8Array, aad: string): Promise<Buffer>;
  /**
   * The account's search key (server/modules/search keys its blind index with it): derived from the
   * data key with HKDF, so it is as secret as the data key, never stored, and useless for decrypting.
   */
  searchKeyFor(userId: string): Promise<KeyObject>;
  /** Drops the account's cached key (its rows are going away). */
  forget(userId: string): void;
  /**
   * The same keys, a key not in memory read through `trx`: what runs inside a transaction must not
   * wait for the database the transaction holds (SQLite's one connection). A key read there is not
   * kept in memory, as the transaction may yet roll back one it made.
   */
  within(trx: Kysely<DB>): DataKeys;
};

/** HKDF's info for the search key: a new purpose gets a new label, never this key. */
const SEARCH_KEY_INFO = "kinfile search index v1";

export type DataKeysOptions = {
  db: Kysely<DB>;
  masterKeys: MasterKeyring;
  clock?: () => number;
  /** How long an unwrapped key stays in memory without being read again from the database. */
  cacheTtlMs?: number;
  cacheMaxEntries?: number;
};

/** What a wrapped data key is bound to: its account. A row copied to another account fails. */
function wrapAad(userId: string): string[] {
  return ["account_key", userId];
}

export function wrapDataKey(masterKey: MasterKey, userId: string, dataKey: Uint8Array): Buffer {
  return seal(masterKey.key, dataKey, wrapAad(userId));
}

export function unwrapDataKey(masterKey: MasterKey, userId: string, wrapped: Uint8Array): Buffer {
  return open(masterKey.key, wrapped, wrapAad(userId));
}

/** A data key wrapped under a master key this process does not hold (a rotation's, or a lost one). */
export class UnknownMasterKeyError extends Error {
  override name = "UnknownMasterKeyError";
}

// Held as KeyObjects: ciphers made from one skip re-validating raw key bytes on every record.
type CacheEntry = { key: KeyObject; until: number };

export function createDataKeys(options: DataKeysOptions): DataKeys {
  const { db, masterKeys } = options;
  const clock = options.clock ?? Date.now;
  const ttlMs = options.cacheTtlMs ?? 60_000;
  const maxEntries = options.cacheMaxEntries ?? 1_000;
  const cache = new Map<string, CacheEntry>();
  // Concurrent first uses of one account share one lookup (and one generated key).
  const pending = new Map<string, Promise<KeyObject>>();
  // Each save derives the search key again otherwise (HKDF and the data key's export, on the event
  // loop); held as long as its data key is, so it leaves memory with it.
  const searchKeys = new WeakMap<KeyObject, KeyObject>();

  // Evicted keys are dropped, not zeroed: a request that fetched one may still be about to use it.
  function evict(userId: string) {
    cache.delete(userId);
  }

  function remember(userId: string, key: KeyObject) {
    evict(userId);
    if (cache.size >= maxEntries) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) evict(oldest);
    }
    cache.set(userId, { key, until: clock() + ttlMs });
  }

  async function readKey(db: Kysely<DB>, userId: string): Promise<Buffer | undefined> {
    const row = await db
      .selectFrom("account_key")
      .select(["wrapped_key", "key_version"])
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const masterKey = masterKeys.byId(row.key_version);
    if (masterKey === undefined) {
      throw new UnknownMasterKeyError(
        `the data key of account ${userId} is wrapped under master key ${row.key_version}, which this server does not hold`,
      );
    }
    return unwrapDataKey(masterKey, userId, row.wrapped_key);
  }

  async function loadOrCreate(db: Kysely<DB>, userId: string): Promise<Buffer> {
    const existing = await readKey(db, userId);
    if (existing !== undefined) return existing;
    const dataKey = randomBytes(KEY_BYTES);
    const masterKey = masterKeys.wrapping();
    await db
      .insertInto("account_key")
      .values({
        user_id: userId,
        wrapped_key: wrapDataKey(masterKey, userId, dataKey),
        key_version: masterKey.id,
        created_at: clock(),
      })
      .onConflict((conflict) => conflict.column("user_id").doNothing())
      .execute();
    // Another process may have won the insert: the stored key is the one to use.
    const stored = await readKey(db, userId);
    if (stored === undefined) throw new Error(`the data key of account ${userId} could not be stored`);
    return stored;
  }

  function cachedKey(userId: string): KeyObject | undefined {
    const cached = cache.get(userId);
    if (cached === undefined || cached.until <= clock()) return undefined;
    cache.delete(userId);
    cache.set(userId, cached);
    return cached.key;
  }

  async function keyOf(userId: string): Promise<KeyObject> {
    const cached = cachedKey(userId);
    if (cached !== undefined) return cached;
    const running = pending.get(userId);
    if (running !== undefined) return running;
    const lookup = loadOrCreate(db, userId)
      .then((bytes) => {
        const key = createSecretKey(bytes);
        remember(userId, key);
        return key;
      })
      .finally(() => pending.delete(userId));
    pending.set(userId, lookup);
    return lookup;
  }

  /**
   * keyOf through a transaction: no lookup shared with others (it would wait on the database the
   * transaction holds), and nothing read there kept, as the transaction may yet roll back a key it made.
   */
  async function keyWithin(trx: Kysely<DB>, userId: string): Promise<KeyObject> {
    return cachedKey(userId) ?? createSecretKey(await loadOrCreate(trx, userId));
  }

  return keysBy(keyOf);

  function keysBy(keyOf: (userId: string) => Promise<KeyObject>): DataKeys {
    return {
      async encryptFor(userId, plaintext, aad) {
        const bytes = typeof plaintext === "string" ? Buffer.from(plaintext, "utf8") : plaintext;
        return seal(await keyOf(userId), bytes, [userId, aad]);
      },
      async decryptFor(userId, ciphertext, aad) {
        return open(await keyOf(userId), ciphertext, [userId, aad]);
      },
      async searchKeyFor(userId) {
        const dataKey = await keyOf(userId);
        let searchKey = searchKeys.get(dataKey);
        if (searchKey === undefined) {
          searchKey = createSecretKey(
            Buffer.from(hkdfSync("sha256", dataKey.export(), userId, SEARCH_KEY_INFO, KEY_BYTES)),
          );
          searchKeys.set(dataKey, searchKey);
        }
        return searchKey;
      },
      forget: evict,
      within: (trx) => keysBy((userId) => keyWithin(trx, userId)),
    };
  }
}

/** An account's data keys go with it: what they encrypted is deleted in the same transaction. */
export async function forgetDataKey(userId: string, trx: Kysely<DB>): Promise<void> {
  await trx.deleteFrom("account_key").where("user_id", "=", userId).execute();
}
