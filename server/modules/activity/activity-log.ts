import type { Insertable, Kysely, Selectable } from "kysely";
import { uuidv7 } from "uuidv7";
import type { ActivityKind, ActivityTable, DB } from "../../db/schema.ts";

/**
 * An account's activity log: who looked at what in the owner's file. Reveals of secrets write here
 * and so do nominees' views, reveals and downloads (with the nominee's id). Entries name fields, never values.
 */

export type ActivityEntry = {
  /** Whose file was touched. */
  ownerId: string;
  /** Who touched it: the owner, or a nominee. */
  actorId: string;
  /** The nominee whose access this was; absent for the owner's own. */
  nomineeId?: string | null;
  kind: ActivityKind;
  subjectKind: string;
  subjectId: string;
  category?: string | null;
  field?: string | null;
};

/** What GET /api/account/activity answers for one entry. */
export type ActivityItem = {
  id: string;
  kind: ActivityKind;
  actorId: string;
  /** Who did it, by their account's name; null once that account is gone. */
  actorName: string | null;
  subjectKind: string;
  subjectId: string;
  category: string | null;
  field: string | null;
  /** Epoch ms. */
  createTime: number;
};

export type ActivityPage = { items: ActivityItem[]; page: number; size: number; total: number };

/**
 * Writes entries in one statement (pass a transaction to tie them to the action they log); `now`
 * is the caller's clock (epoch ms), which tests move. Ids are UUIDv7, which this process makes in
 * increasing order, so entries of the same millisecond list in the order they were written (a
 * random id gave them no order). Two servers writing in the same millisecond stay unordered
 * between them, as the actions themselves were.
 */
export async function recordActivity(
  db: Kysely<DB>,
  entries: readonly ActivityEntry[],
  now: number = Date.now(),
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto("activity")
    .values(entries.map((entry) => activityRow(entry, now)))
    .execute();
}

function activityRow(entry: ActivityEntry, now: number): Insertable<ActivityTable> {
  return {
    id: uuidv7(),
    owner_id: entry.ownerId,
    actor_id: entry.actorId,
    kind: entry.kind,
    subject_kind: entry.subjectKind,
    subject_id: entry.subjectId,
    category: entry.category ?? null,
    field: entry.field ?? null,
    nominee_id: entry.nomineeId ?? null,
    created_at: now,
  };
}

/** Rows per INSERT of a batch (ten columns each): well under both databases' bound-parameter limits. */
const BATCH_ROWS = 1_000;

export type ActivityWriter = {
  /** Resolves once the entries are stored, in one statement with the others written meanwhile. */
  write(entries: readonly ActivityEntry[], now: number): Promise<void>;
};

/**
 * recordActivity for the reads that log outside any transaction (a nominee's views), written
 * together: the entries of every request that logs while a statement is being written go into the
 * next one, so that under load the log costs one statement, one commit and, on PostgreSQL, one
 * round trip for many reads, not one each. Each caller still waits until its entries are stored,
 * and a failed statement fails every read it carried, as a statement of their own would have.
 */
export function activityWriter(db: Kysely<DB>): ActivityWriter {
  type Waiting = { rows: Insertable<ActivityTable>[]; done: () => void; fail: (error: unknown) => void };
  let queued: Waiting[] = [];
  let writing = false;

  async function drain(): Promise<void> {
    writing = true;
    while (queued.length > 0) {
      const batch = queued;
      queued = [];
      const rows = batch.flatMap((waiting) => waiting.rows);
      try {
        for (let start = 0; start < rows.length; start += BATCH_ROWS) {
          await db
            .insertInto("activity")
            .values(rows.slice(start, start + BATCH_ROWS))
            .execute();
        }
        for (const waiting of batch) waiting.done();
      } catch (error) {
        for (const waiting of batch) waiting.fail(error);
      }
    }
    writing = false;
  }

  return {
    write(entries, now) {
      if (entries.length === 0) return Promise.resolve();
      return new Promise<void>((done, fail) => {
        queued.push({ rows: entries.map((entry) => activityRow(entry, now)), done, fail });
        if (!writing) void drain();
      });
    },
  };
}

/** One page of the owner's log, newest first. */
export async function listActivity(
  db: Kysely<DB>,
  ownerId: string,
  page: { page: number; size: number },
): Promise<ActivityPage> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("activity")
      .leftJoin("user", "user.id", "activity.actor_id")
      .selectAll("activity")
      .select("user.name as actor_name")
      .where("activity.owner_id", "=", ownerId)
      .orderBy("activity.created_at", "desc")
      .orderBy("activity.id", "desc")
      .limit(page.size)
      .offset(page.page * page.size)
      .execute(),
    db
      .selectFrom("activity")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("owner_id", "=", ownerId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      actorId: row.actor_id,
      actorName: row.actor_name,
      subjectKind: row.subject_kind,
      subjectId: row.subject_id,
      category: row.category,
      field: row.field,
      createTime: Number(row.created_at),
    })),
    page: page.page,
    size: page.size,
    total: Number(total.count),
  };
}

/** What one nominee viewed, revealed and downloaded in the owner's file, newest first, at most `limit`. */
export function listNomineeActivity(
  db: Kysely<DB>,
  ownerId: string,
  nomineeId: string,
  limit: number,
): Promise<Selectable<ActivityTable>[]> {
  return db
    .selectFrom("activity")
    .selectAll()
    .where("owner_id", "=", ownerId)
    .where("nominee_id", "=", nomineeId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export async function deleteActivityOf(db: Kysely<DB>, ownerId: string): Promise<void> {
  await db.deleteFrom("activity").where("owner_id", "=", ownerId).execute();
}

/**
 * When the owner last downloaded a binder of their whole file (epoch ms), from the entry the
 * binder route writes; null when never. A nominee's binders are the nominee's, not counted.
 */
export async function lastWholeBinderAt(db: Kysely<DB>, ownerId: string): Promise<number | null> {
  const row = await db
    .selectFrom("activity")
    .select((eb) => eb.fn.max("created_at").as("last"))
    .where("owner_id", "=", ownerId)
    .where("nominee_id", "is", null)
    .where("kind", "=", "download")
    .where("subject_kind", "=", "binder")
    .where("subject_id", "=", "file")
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}
