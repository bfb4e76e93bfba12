import { type Kysely, sql } from "kysely";
import type { Dialect } from "../../db/database.ts";
import type { DB, SearchTermTable } from "../../db/schema.ts";

/** Rows per INSERT (4 columns each) and hashes per DELETE: well under SQLite's and PostgreSQL's bound-parameter limits. */
const BATCH = 500;

export type SubjectRef = { kind: string; id: string };

async function deleteSubject(db: Kysely<DB>, ownerId: string, subject: SubjectRef): Promise<void> {
  await db
    .deleteFrom("search_term")
    .where("owner_id", "=", ownerId)
    .where("subject_kind", "=", subject.kind)
    .where("subject_id", "=", subject.id)
    .execute();
}

function termKey(kind: string, id: string, hash: string): string {
  return `${kind}\u0000${id}\u0000${hash}`;
}

function batches<T>(items: readonly T[]): T[][] {
  const all: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH) all.push(items.slice(start, start + BATCH));
  return all;
}

/** The hashes a subject holds: an index-only read of search_term_subject_hash (migration 0019). */
export function heldHashes(db: Kysely<DB>, ownerId: string, subject: SubjectRef) {
  return db
    .selectFrom("search_term")
    .select("hash")
    .where("owner_id", "=", ownerId)
    .where("subject_kind", "=", subject.kind)
    .where("subject_id", "=", subject.id);
}

async function deleteTerms(db: Kysely<DB>, ownerId: string, subject: SubjectRef, hashes: readonly string[]) {
  await db
    .deleteFrom("search_term")
    .where("owner_id", "=", ownerId)
    .where("subject_kind", "=", subject.kind)
    .where("subject_id", "=", subject.id)
    .where("hash", "in", [...hashes])
    .execute();
}

/**
 * On PostgreSQL, a subject's terms made `hashes` in one statement: the terms it no longer has
 * deleted, the wanted ones inserted (those it holds conflict and stay as they are). SQLite has
 * no writes inside WITH and takes three (replaceTerms); on PostgreSQL each statement is a round
 * trip, a system call and a wake-up of its server process, the dearest part of a save.
 */
async function replaceSubjectTerms(
  trx: Kysely<DB>,
  ownerId: string,
  subject: SubjectRef,
  hashes: readonly string[],
): Promise<void> {
  const wanted = [...hashes];
  await sql`with stale as (
      delete from search_term
      where owner_id = ${ownerId} and subject_kind = ${subject.kind} and subject_id = ${subject.id}
        and not (hash = any(${wanted}::text[])))
    insert into search_term (owner_id, hash, subject_kind, subject_id)
    select ${ownerId}, wanted.hash, ${subject.kind}, ${subject.id} from unnest(${wanted}::text[]) as wanted(hash)
    on conflict do nothing`.execute(trx);
}

/**
 * Makes the index rows of these subjects of one owner `rows` (with rows of other subjects only
 * added), in one transaction: the caller's (a save's, through the change bus), or one of its own
 * (the index's build). Only the difference is written: a save that changes a word or two deletes
 * and inserts those words' prefixes, not every term of the row again (on SQLite each written row
 * is WAL pages the commit writes).
 */
export async function replaceTerms(
  db: Kysely<DB>,
  dialect: Dialect,
  ownerId: string,
  subjects: readonly SubjectRef[],
  rows: readonly SearchTermTable[],
): Promise<void> {
  const work = async (trx: Kysely<DB>) => {
    const wanted = new Map(rows.map((row) => [termKey(row.subject_kind, row.subject_id, row.hash), row]));
    for (const subject of subjects) {
      if (dialect === "postgres") {
        const hashes = rows.filter(
          (row) => row.subject_kind === subject.kind && row.subject_id === subject.id,
        );
        await replaceSubjectTerms(
          trx,
          ownerId,
          subject,
          hashes.map((row) => row.hash),
        );
        for (const row of hashes) wanted.delete(termKey(row.subject_kind, row.subject_id, row.hash));
        continue;
      }
      const stale: string[] = [];
      for (const { hash } of await heldHashes(trx, ownerId, subject).execute()) {
        // Held and still wanted: nothing to write.
        if (!wanted.delete(termKey(subject.kind, subject.id, hash))) stale.push(hash);
      }
      for (const batch of batches(stale)) await deleteTerms(trx, ownerId, subject, batch);
    }
    for (const batch of batches([...wanted.values()])) {
      await trx
        .insertInto("search_term")
        .values(batch)
        // The same terms written by a save and by the index's build at once.
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
  };
  await (db.isTransaction ? work(db) : db.transaction().execute(work));
}

/** Every query on the search index, each filtered by its owner. Pass a transaction to run them in it. */
export function searchRepository(db: Kysely<DB>) {
  return {
    async remove(ownerId: string, subject: SubjectRef): Promise<void> {
      await deleteSubject(db, ownerId, subject);
    },

    async deleteAllOf(ownerId: string): Promise<void> {
      await db.deleteFrom("search_term").where("owner_id", "=", ownerId).execute();
    },

    /** The owner's subjects of a kind that have terms (the index's build leaves them as they are). */
    async indexedIds(ownerId: string, kind: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom("search_term")
        .select("subject_id")
        .distinct()
        .where("owner_id", "=", ownerId)
        .where("subject_kind", "=", kind)
        .execute();
      return new Set(rows.map((row) => row.subject_id));
    },

    /**
     * The subjects holding every one of `hashes` (in any of their fields), at most `limit`: one
     * indexed range per hash, intersected by the database (INTERSECT, the same on both).
     */
    async matching(
      ownerId: string,
      hashes: readonly string[],
      kinds: readonly string[],
      limit: number,
    ): Promise<SubjectRef[]> {
      if (hashes.length === 0 || kinds.length === 0) return [];
      const subjectsWith = (hash: string) =>
        db
          .selectFrom("search_term")
          .select(["subject_kind", "subject_id"])
          .where("owner_id", "=", ownerId)
          .where("hash", "=", hash)
          .where("subject_kind", "in", [...kinds]);
      const [first, ...others] = hashes.map(subjectsWith);
      if (first === undefined) return [];
      const query = others.reduce((all, next) => all.intersect(next), first.distinct());
      const rows = await query.limit(limit).execute();
      return rows.map((row) => ({ kind: row.subject_kind, id: row.subject_id }));
    },
  };
}
