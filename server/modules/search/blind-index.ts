import { createHmac, type KeyObject } from "node:crypto";
import type { SearchTermTable } from "../../db/schema.ts";
import type { SearchDoc } from "./source.ts";
import { prefixesOf, wordsOf } from "./words.ts";

/**
 * The blind index: each kept prefix of each word, keyed with HMAC-SHA-256 under the owner's search
 * key (a key derived from their data key, server/crypto). The database sees which rows share a
 * word, never the word; without the account's key nobody can test a guess against it.
 */

/** 128 bits of the HMAC: collisions are negligible, and every match is checked in clear anyway. */
const HASH_BYTES = 16;

export function termHash(key: KeyObject, word: string): string {
  return createHmac("sha256", key)
    .update(word, "utf8")
    .digest()
    .subarray(0, HASH_BYTES)
    .toString("base64url");
}

/**
 * The index rows of one subject: one per distinct prefix of its words, whichever field they are in
 * (the field is found again in clear when a search reads the match: stored, it would say which
 * fields a row fills and how long their words are).
 */
export function termsOf(ownerId: string, key: KeyObject, doc: SearchDoc): SearchTermTable[] {
  const prefixes = new Set(doc.fields.flatMap(({ text }) => wordsOf(text).flatMap(prefixesOf)));
  return [...prefixes].map((prefix) => ({
    owner_id: ownerId,
    hash: termHash(key, prefix),
    subject_kind: doc.kind,
    subject_id: doc.id,
  }));
}
