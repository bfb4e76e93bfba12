import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";

/** How long a hold lasts unless renewed: a server that stopped mid-import frees the account after it. */
const LEASE_MS = 5 * 60_000;
/** How often a running import renews its hold: several renewals fit in one lease, so one missed is harmless. */
const RENEW_EVERY_MS = 60_000;

/**
 * Runs `work` while holding the account's import lock: a row in `import_run`, which every app
 * server sharing the database sees, taken in one statement (a new row, or one whose lease lapsed).
 * Another import of the account holding it answers 409 `conflict` at once. The lease is renewed
 * while `work` runs, and the row is deleted when it ends, whatever the outcome.
 */
export async function withImportLock<T>(
  db: Kysely<DB>,
  ownerId: string,
  clock: () => number,
  work: () => Promise<T>,
): Promise<T> {
  const token = randomUUID();
  const now = clock();
  const held = await db
    .insertInto("import_run")
    .values({ owner_id: ownerId, token, lease_ends_at: now + LEASE_MS })
    .onConflict((conflict) =>
      conflict
        .column("owner_id")
        .doUpdateSet({ token, lease_ends_at: now + LEASE_MS })
        .where("import_run.lease_ends_at", "<=", now),
    )
    .returning("token")
    .executeTakeFirst();
  if (held?.token !== token) {
    throw new AppError("conflict", { message: "errors:portability.import_running" });
  }
  const renewal = setInterval(() => {
    // A renewal that fails (the database away for a moment) is tried again at the next tick.
    db.updateTable("import_run")
      .set({ lease_ends_at: clock() + LEASE_MS })
      .where("owner_id", "=", ownerId)
      .where("token", "=", token)
      .execute()
      .catch(() => {});
  }, RENEW_EVERY_MS);
  renewal.unref();
  try {
    return await work();
  } finally {
    clearInterval(renewal);
    // A release that fails leaves the row to lapse with its lease; the import's own answer stands.
    await db
      .deleteFrom("import_run")
      .where("owner_id", "=", ownerId)
      .where("token", "=", token)
      .execute()
      .catch(() => {});
  }
}

/** An account's deletion: a hold left by a server that stopped mid-import goes with it. */
export async function forgetImportRun(userId: string, trx: Kysely<DB>): Promise<void> {
  await trx.deleteFrom("import_run").where("owner_id", "=", userId).execute();
}
