import { randomUUID } from "node:crypto";
import type { ShareScope } from "../../domain/schemas/share.ts";
import type { NomineeTable } from "../db/schema.ts";
import type { TestUser } from "./identity.ts";
import type { TestApp } from "./test-app.ts";

/**
 * Helpers for the shared-read tests: a nominee row written straight into the table, in whatever
 * state a test needs, so these tests do not depend on the lifecycle's routes and mails.
 */

export type NomineeChanges = Partial<Omit<NomineeTable, "id" | "owner_id" | "scope">> & {
  scope?: Partial<ShareScope>;
};

function scopeJson(scope: Partial<ShareScope>): string {
  return JSON.stringify({ modules: scope.modules ?? [], categories: scope.categories ?? [] });
}

/** A nominee of `owner` accepted by `nominee`'s account and released now; answers its id. */
export async function insertReleasedNominee(
  test: TestApp,
  owner: TestUser,
  nominee: TestUser,
  scope: Partial<ShareScope>,
  changes: NomineeChanges = {},
): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  const { scope: _scope, ...columns } = changes;
  await test.database.db
    .insertInto("nominee")
    .values({
      id,
      owner_id: owner.id,
      person_id: null,
      first_name: "Nora",
      last_name: "Nominee",
      email: nominee.email.toLowerCase(),
      user_id: nominee.id,
      scope: scopeJson(scope),
      release: "now",
      status: "released",
      invited_at: now,
      accepted_at: now,
      request_id: null,
      requested_at: null,
      release_at: null,
      released_at: now,
      access_ends_at: null,
      opened_at: null,
      created_at: now,
      updated_at: now,
      ...columns,
    })
    .execute();
  return id;
}

/** Moves a nominee to another state (status, end date, scope, opened_at...). */
export async function updateNominee(test: TestApp, id: string, changes: NomineeChanges): Promise<void> {
  const { scope, ...columns } = changes;
  await test.database.db
    .updateTable("nominee")
    .set({ ...columns, ...(scope === undefined ? {} : { scope: scopeJson(scope) }) })
    .where("id", "=", id)
    .execute();
}

/** The activity rows a nominee's reads wrote, oldest first. */
export function nomineeLog(test: TestApp, nomineeId: string) {
  return test.database.db
    .selectFrom("activity")
    .selectAll()
    .where("nominee_id", "=", nomineeId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}
