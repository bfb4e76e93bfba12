import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchTermTable } from "../../db/schema.ts";
import { createTestDatabase, type TestDatabase, testDialects } from "../../testing/test-database.ts";
import { heldHashes, replaceTerms, type SubjectRef } from "./repository.ts";

const OWNER = "owner-1";
const PASSPORT: SubjectRef = { kind: "record", id: "passport-1" };
const PERSON: SubjectRef = { kind: "person", id: "person-1" };

function rowsOf(subject: SubjectRef, hashes: readonly string[]): SearchTermTable[] {
  return hashes.map((hash) => ({
    owner_id: OWNER,
    hash,
    subject_kind: subject.kind,
    subject_id: subject.id,
  }));
}

describe.each(testDialects())("the search index's rows on %s", (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());

  async function hashesOf(subject: SubjectRef): Promise<string[]> {
    const rows = await database.db
      .selectFrom("search_term")
      .select("hash")
      .where("owner_id", "=", OWNER)
      .where("subject_kind", "=", subject.kind)
      .where("subject_id", "=", subject.id)
      .execute();
    return rows.map((row) => row.hash).sort();
  }

  it("holds exactly a subject's latest terms after each replace, leaving other subjects as they are", async () => {
    const replace = (subject: SubjectRef, rows: SearchTermTable[]) =>
      replaceTerms(database.db, dialect, OWNER, [subject], rows);
    await replace(PERSON, rowsOf(PERSON, ["an", "ann"]));
    await replace(PASSPORT, rowsOf(PASSPORT, ["ro", "ros", "rosa", "ex"]));
    expect(await hashesOf(PASSPORT)).toEqual(["ex", "ro", "ros", "rosa"]);

    // One word changed: its prefixes go, the new word's come, the others stay.
    await replace(PASSPORT, rowsOf(PASSPORT, ["ro", "ros", "rosa", "ma", "mar"]));
    expect(await hashesOf(PASSPORT)).toEqual(["ma", "mar", "ro", "ros", "rosa"]);

    // The same terms again write nothing and change nothing.
    await replace(PASSPORT, rowsOf(PASSPORT, ["ro", "ros", "rosa", "ma", "mar"]));
    expect(await hashesOf(PASSPORT)).toEqual(["ma", "mar", "ro", "ros", "rosa"]);

    // A row whose text is gone keeps no term.
    await replace(PASSPORT, []);
    expect(await hashesOf(PASSPORT)).toEqual([]);
    expect(await hashesOf(PERSON)).toEqual(["an", "ann"]);
  });

  it("replaces more terms than one statement binds", async () => {
    const replace = (subject: SubjectRef, rows: SearchTermTable[]) =>
      replaceTerms(database.db, dialect, OWNER, [subject], rows);
    const many = Array.from({ length: 1_200 }, (_, index) => `h${index}`);
    await replace(PASSPORT, rowsOf(PASSPORT, many));
    expect(await hashesOf(PASSPORT)).toHaveLength(1_200);
    await replace(PASSPORT, rowsOf(PASSPORT, many.slice(1_100)));
    expect(await hashesOf(PASSPORT)).toEqual(many.slice(1_100).sort());
  });

  // SQLite's planner, with no statistics, took the primary key (owner_id, hash, …) because it
  // covers the hash, scanning every term of the owner on each save. PostgreSQL plans by statistics.
  it.runIf(dialect === "sqlite")("reads a subject's held hashes from the subject index alone", async () => {
    const query = heldHashes(database.db, OWNER, PASSPORT).compile();
    const plan = await database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    expect(plan.rows.map((row) => row.detail)).toEqual([
      expect.stringMatching(
        /USING COVERING INDEX search_term_subject_hash \(owner_id=\? AND subject_kind=\? AND subject_id=\?\)/,
      ),
    ]);
  });
});
