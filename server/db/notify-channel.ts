import { type Kysely, sql } from "kysely";
import type pg from "pg";
import type { DB } from "./schema.ts";

/**
 * A PostgreSQL LISTEN/NOTIFY channel between the app servers sharing one database: what one
 * server changes, the others hear of, so that what they keep in memory follows (the record list
 * answers, server/modules/records/list-answers.ts; the session cache,
 * server/auth/session-identity.ts). A notification sent inside a transaction is delivered at its
 * commit; one sent after a commit within milliseconds. A listener that lost its connection has
 * missed messages: it is told `down`, and `up` only once LISTEN runs again.
 */
export type ChannelListener = {
  message(payload: string): void;
  /** The connection is lost (or not yet made): messages may be missed until `up`. */
  down(): void;
  up(): void;
};

export type NotifyChannel = {
  /** Sends `payload`; through a transaction (`db`), it is delivered at that transaction's commit. */
  publish(payload: string, db?: Kysely<DB>): Promise<void>;
  /** Listens on a connection of its own, reconnecting until closed. */
  listen(listener: ChannelListener): void;
  close(): Promise<void>;
};

/** How often the listening connection is checked, and how long a check may take. */
const HEARTBEAT_MS = 5_000;
const RECONNECT_MS = 1_000;

export function postgresChannel(options: {
  name: string;
  db: Kysely<DB>;
  /** A new client on the app's database (not one of the pool's: LISTEN holds it). */
  client: () => pg.Client;
}): NotifyChannel {
  const { name } = options;
  let closed = false;
  let current: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function connect(listener: ChannelListener): Promise<void> {
    if (closed) return;
    const client = options.client();
    current = client;
    let lost = false;
    const drop = () => {
      if (lost) return;
      lost = true;
      clearInterval(heartbeat);
      listener.down();
      void client.end().catch(() => {});
      if (!closed) timer = setTimeout(() => void connect(listener), RECONNECT_MS);
    };
    // A silent cut (no error, no end) is found by the heartbeat within two of its periods.
    const heartbeat = setInterval(() => {
      const answered = client.query("select 1");
      const late = new Promise((_, fail) => setTimeout(() => fail(new Error("late")), HEARTBEAT_MS).unref());
      Promise.race([answered, late]).catch(drop);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    client.on("error", drop);
    client.on("end", drop);
    client.on("notification", (message) => {
      if (message.channel === name && message.payload !== undefined) listener.message(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(name)}`);
      if (!lost && !closed) listener.up();
    } catch {
      drop();
    }
  }

  return {
    async publish(payload, db = options.db) {
      await sql`select pg_notify(${name}, ${payload})`.execute(db);
    },
    listen(listener) {
      listener.down();
      void connect(listener);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}
