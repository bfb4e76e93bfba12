import type { Kysely } from "kysely";
import type { ChangedBy } from "../../domain/schemas/changedBy.ts";
import type { DB } from "../db/schema.ts";
import type { Actor } from "./access.ts";
import { actingUserOf } from "./ownership.ts";

/**
 * The accounts named by rows' `updated_by`, for "last changed by", in one query: each id to its
 * account's id and name, null for a row saved before it was kept or by an account since deleted.
 * The signed-in account's own name comes from its session, so a row it saved itself (the usual
 * case) needs no query.
 */
export async function changedByLookup(
  db: Kysely<DB>,
  userIds: readonly (string | null)[],
  signedIn?: Actor,
): Promise<(userId: string | null) => ChangedBy> {
  const byId = new Map<string, NonNullable<ChangedBy>>();
  if (signedIn?.name !== undefined) {
    const id = actingUserOf(signedIn);
    byId.set(id, { id, name: signedIn.name });
  }
  const wanted = [...new Set(userIds.filter((id): id is string => id !== null && !byId.has(id)))];
  if (wanted.length > 0) {
    const users = await db.selectFrom("user").select(["id", "name"]).where("id", "in", wanted).execute();
    for (const user of users) byId.set(user.id, { id: user.id, name: user.name });
  }
  return (userId) => (userId === null ? null : (byId.get(userId) ?? null));
}

/** The account that saved one row last (see changedByLookup). */
export async function changedByOf(
  db: Kysely<DB>,
  userId: string | null,
  signedIn?: Actor,
): Promise<ChangedBy> {
  return (await changedByLookup(db, [userId], signedIn))(userId);
}

/**
 * Rows as the file's own routes answer them, each with its last save: when, and by whom (one
 * query for them all, none when `signedIn` saved them all).
 */
export async function withLastChange<R extends { updated_at: number; updated_by: string | null }, A>(
  db: Kysely<DB>,
  rows: readonly R[],
  present: (row: R) => A,
  signedIn?: Actor,
): Promise<(A & { updateTime: number; changedBy: ChangedBy })[]> {
  const changedBy = await changedByLookup(
    db,
    rows.map((row) => row.updated_by),
    signedIn,
  );
  return rows.map((row) => ({
    ...present(row),
    updateTime: Number(row.updated_at),
    changedBy: changedBy(row.updated_by),
  }));
}
