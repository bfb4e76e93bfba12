import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { RecordBody } from "../../domain/sections/schema.ts";
import type { CategoryDef } from "../../domain/sections/types.ts";
import type { Database } from "../db/database.ts";
import type { NotifyChannel } from "../db/notify-channel.ts";
import type { DB } from "../db/schema.ts";

/** The kinds of rows an owner's file is made of that other parts of the app derive from. */
export type FileKind = "person" | "address" | "institution" | "record" | "document";

/**
 * One write to an owner's file, as its data layer publishes it inside its transaction. A record's
 * change carries its category (and, saved, the body it stored, so that subscribers need not open
 * it again); `file` is the whole file at once (an import, the account's deletion), `id` then being
 * the owner's.
 */
export type FileChange =
  | { kind: Exclude<FileKind, "record">; operation: "saved" | "deleted"; ownerId: string; id: string }
  | {
      kind: "record";
      operation: "saved";
      ownerId: string;
      id: string;
      category: CategoryDef;
      body: RecordBody;
    }
  | { kind: "record"; operation: "deleted"; ownerId: string; id: string; category: CategoryDef }
  | { kind: "file"; operation: "saved" | "deleted"; ownerId: string; id: string };

/** A change as told after its commit, here and to the other app servers: no body, a category's key. */
export type CommittedChange = {
  kind: FileKind | "file";
  operation: "saved" | "deleted";
  ownerId: string;
  id: string;
  category?: string;
};

/**
 * Told in the write's transaction (`trx`, through which it must do all its reading and writing):
 * what derives from the row commits with it, and a subscriber that throws undoes the write.
 */
export type TransactionSubscriber = (trx: Kysely<DB>, change: FileChange) => Promise<void>;

/** Told once a transaction's changes are committed, this server's and the other servers'. */
export type CommittedSubscriber = {
  changed(changes: readonly CommittedChange[]): void;
  /** Changes may go unheard from now until `up` (the channel to the other servers is down). */
  down(): void;
  up(): void;
};

export type FileChanges = ReturnType<typeof createFileChanges>;

/** The PostgreSQL channel the app servers and the CLI tell each other of changes on. */
export const FILE_CHANGES_CHANNEL = "kinfile_file_changes";

/** The bus of a process on this database: told to the other processes on PostgreSQL's channel. */
export function openFileChanges(database: Database): FileChanges {
  return createFileChanges(
    database.channel === undefined ? {} : { channel: database.channel(FILE_CHANGES_CHANNEL) },
  );
}

/** NOTIFY refuses payloads of 8000 bytes and more: a larger transaction is told per owner. */
const MAX_PAYLOAD = 7_000;

function committedOf(change: FileChange): CommittedChange {
  const { kind, operation, ownerId, id } = change;
  return change.kind === "record"
    ? { kind, operation, ownerId, id, category: change.category.key }
    : { kind, operation, ownerId, id };
}

/** The owners' whole files, in place of changes too many to name in one notification. */
function wholeFiles(changes: readonly CommittedChange[]): CommittedChange[] {
  return [...new Set(changes.map((change) => change.ownerId))].map((ownerId) => ({
    kind: "file",
    operation: "saved",
    ownerId,
    id: ownerId,
  }));
}

/**
 * The one way changes to an owner's file travel: every write (an HTTP request, a job, the CLI, an
 * admin tool, an import) runs in `transaction` and publishes each row it saves or deletes. The
 * search index, reminders and documents' links subscribe in the transaction; the list answers
 * after the commit. The other app servers on the same PostgreSQL are told by a NOTIFY in the
 * transaction (`channel`), delivered at its commit, and their buses tell their own subscribers.
 */
export function createFileChanges(options: { channel?: NotifyChannel } = {}) {
  const inTransaction: TransactionSubscriber[] = [];
  const committed: CommittedSubscriber[] = [];
  // The changes published in each open transaction, delivered once it commits.
  const pending = new WeakMap<Kysely<DB>, CommittedChange[]>();
  // This server's own notifications come back to it: its subscribers were told already.
  const server = randomUUID();
  let listening = false;
  // Until LISTEN runs, the other servers' changes may go unheard.
  let up = false;

  function heard(payload: string): void {
    let message: { server: string; changes: CommittedChange[] };
    try {
      message = JSON.parse(payload);
    } catch {
      // Unreadable: whatever it named may have changed, so everything is read again.
      for (const subscriber of committed) {
        subscriber.down();
        subscriber.up();
      }
      return;
    }
    if (message.server === server) return;
    for (const subscriber of committed) subscriber.changed(message.changes);
  }

  /**
   * Tells the other servers in the write's own transaction: the notice is delivered at its commit,
   * with no commit of its own, and a write never commits untold.
   */
  async function tellOthers(trx: Kysely<DB>, changes: readonly CommittedChange[]): Promise<void> {
    if (options.channel === undefined) return;
    let payload = JSON.stringify({ server, changes });
    if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ server, changes: wholeFiles(changes) });
    await options.channel.publish(payload, trx);
  }

  return {
    /** Subscribes to every change in its write's transaction. */
    inTransaction(subscriber: TransactionSubscriber): void {
      inTransaction.push(subscriber);
    },

    /** Subscribes to the committed changes, and starts hearing the other servers'. */
    committed(subscriber: CommittedSubscriber): void {
      committed.push(subscriber);
      if (options.channel === undefined) return;
      if (!up) subscriber.down();
      if (listening) return;
      listening = true;
      options.channel.listen({
        message: heard,
        down: () => {
          up = false;
          for (const each of committed) each.down();
        },
        up: () => {
          up = true;
          for (const each of committed) each.up();
        },
      });
    },

    /**
     * Runs `work` in a transaction of `db` (in `db` itself when it is one of this bus's already)
     * and tells the committed subscribers of its changes once it commits.
     */
    async transaction<T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
      if (pending.has(db)) return work(db);
      const changes: CommittedChange[] = [];
      const result = await db.transaction().execute(async (trx) => {
        pending.set(trx, changes);
        try {
          const done = await work(trx);
          if (changes.length > 0) await tellOthers(trx, changes);
          return done;
        } finally {
          pending.delete(trx);
        }
      });
      if (changes.length > 0) for (const subscriber of committed) subscriber.changed(changes);
      return result;
    },

    /** Publishes a change from inside `transaction`: its subscribers run now, in `trx`. */
    async publish(trx: Kysely<DB>, change: FileChange): Promise<void> {
      const changes = pending.get(trx);
      if (changes === undefined) throw new Error(`a ${change.kind} change published outside its transaction`);
      for (const subscriber of inTransaction) await subscriber(trx, change);
      changes.push(committedOf(change));
    },

    close(): Promise<void> {
      return options.channel?.close() ?? Promise.resolve();
    },
  };
}
