import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryDef } from "../../domain/sections/index.ts";
import { createJobRunner, type JobRunner } from "../jobs/runner.ts";
import {
  PENDING_UPLOAD_MAX_AGE_MS,
  type PendingUploadJobs,
  pendingUploadJobHandlers,
} from "../modules/documents/pending-uploads.ts";
import { openBlobBackend } from "../storage/open-blob-store.ts";
import { createdId } from "../testing/api-writes.ts";
import { createSignedInUser, type TestUser } from "../testing/identity.ts";
import { call } from "../testing/person-photos.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { testDialects } from "../testing/test-database.ts";
import type { CommittedChange } from "./changes.ts";

const KEYLOCK = categoryDef("keylock");
const KEYS = `/api/records/${KEYLOCK.module}/${KEYLOCK.key}`;
const HOUR_MS = 60 * 60_000;
const run = promisify(execFile);

/*
 * The owner's record lists are kept whole in memory (records/list-answers.ts) and follow the file's
 * change bus, so a write made outside the owner's own requests (a job, the CLI) is seen in the
 * next list. Each test keeps a list that shows a key deleted behind the app's back: only a
 * list built anew leaves it out, so it shows whether the write dropped the kept one.
 */
describe.each(testDialects())("the owner's lists after writes outside HTTP, on %s", (dialect) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await buildTestApp(dialect);
  });
  afterAll(() => test.close());

  const uses = async (user: TestUser): Promise<string[]> => {
    const response = await call(test, user, "GET", KEYS);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().map((item: { columns: { use: string } }) => item.columns.use);
  };

  /** A key the owner's kept list shows, though its row is gone: answers the list as kept. */
  async function keptStale(user: TestUser, use: string): Promise<string[]> {
    const id = await createdId(test, user, KEYS, { use, lockType: "houseKey" });
    const kept = await uses(user);
    expect(kept).toContain(use);
    await test.database.db.deleteFrom("record").where("id", "=", id).execute();
    expect(await uses(user)).toEqual(kept);
    return kept;
  }

  it("follows a job's write: the sweep of a pending upload a day old", async () => {
    const ann = await createSignedInUser(test, { name: "Ann Example" });
    const pending = await call(test, ann, "POST", "/api/documents", {
      module: "inventory",
      type: "will",
      assignedModule: "inventory",
      assignedType: "will",
      assignedDocument: null,
      pending: true,
    });
    expect(pending.statusCode, pending.body).toBe(200);
    await test.database.db
      .updateTable("document")
      .set({ pending_since: Date.now() - PENDING_UPLOAD_MAX_AGE_MS - 1 })
      .where("id", "=", pending.json())
      .execute();
    await keptStale(ann, "Shed");

    // The server's own job runner, writing through the app's bus as main.ts wires it.
    const runner: JobRunner<PendingUploadJobs> = createJobRunner<PendingUploadJobs>({
      database: test.database,
      handlers: pendingUploadJobHandlers({
        db: test.database.db,
        changes: test.auth.changes,
        blobs: openBlobBackend({ config: test.config, database: test.database }),
        jobs: () => runner,
      }),
    });
    await runner.enqueue("document.sweep-pending", { hour: Math.floor(Date.now() / HOUR_MS) });
    expect((await runner.runDue()).done).toBe(1);
    expect(await uses(ann)).not.toContain("Shed");
  });

  it("follows the CLI's write, made by another process", async () => {
    const bob = await createSignedInUser(test, { name: "Bob Example" });
    const kept = await keptStale(bob, "Garage");
    const heard: CommittedChange[] = [];
    test.auth.changes.committed({ changed: (changes) => heard.push(...changes), down() {}, up() {} });

    // The CLI on the server's database: the same SQLite file, or the same PostgreSQL schema.
    let databaseUrl = "";
    if (dialect === "postgres") {
      const found = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        test.database.db,
      );
      const url = new URL(process.env.TEST_DATABASE_URL ?? "");
      url.searchParams.set("options", `-c search_path=${found.rows[0]?.schema}`);
      databaseUrl = url.toString();
    }
    const email = "cli-made@example.com";
    await run(
      process.execPath,
      [
        path.join(import.meta.dirname, "../cli.ts"),
        "user:create",
        "--email",
        email,
        "--password",
        "correct horse battery staple",
      ],
      { env: { ...process.env, DATA_DIR: test.database.dataDir, DATABASE_URL: databaseUrl } },
    );
    const created = await test.database.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();

    if (dialect === "sqlite") {
      // No channel between processes: the server finds the file written by another since it last looked.
      expect(await uses(bob)).not.toEqual(kept);
      return;
    }
    // The new account's "me" person, told on the channel: the server drops that owner's lists.
    const started = Date.now();
    while (!heard.some((change) => change.ownerId === created.id && change.kind === "person")) {
      if (Date.now() - started > 2_000) throw new Error("the server never heard of the CLI's write");
      await new Promise((done) => setTimeout(done, 10));
    }
    expect(heard.find((change) => change.ownerId === created.id)).toMatchObject({
      kind: "person",
      operation: "saved",
    });
  });
});
