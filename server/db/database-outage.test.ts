import { randomUUID } from "node:crypto";
import net from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../testing/identity.ts";
import { call } from "../testing/person-photos.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../testing/test-database.ts";
import { until } from "../testing/until.ts";
import { openDatabase } from "./database.ts";

/** A TCP proxy to PostgreSQL, in this process: cut() is the database going away, open() its return. */
function databaseProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  return {
    get port() {
      return port;
    },
    async open(): Promise<void> {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.once("close", () => upstream.destroy());
        upstream.once("close", () => client.destroy());
      });
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(port, "127.0.0.1", resolve));
      port = (listening.address() as net.AddressInfo).port;
    },
    async cut(): Promise<void> {
      const closing = server;
      server = undefined;
      const closed = new Promise<void>((resolve) =>
        closing === undefined ? resolve() : closing.close(() => resolve()),
      );
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

const url = process.env.TEST_DATABASE_URL;

/*
 * PostgreSQL restarted under load: while it is away every request answers 503 with a translated
 * message (never a 500, never a sign-out), the app recovers by itself when it returns, and every
 * write it acknowledged is there.
 */
describe.runIf(url !== undefined)("the database going away under load", () => {
  let base: TestDatabase;
  let test: TestApp;
  let ann: TestUser;
  let amelie: TestUser;
  const proxy = databaseProxy(new URL(url ?? "postgres://localhost"));

  beforeAll(async () => {
    base = await createTestDatabase("postgres");
    await proxy.open();
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(base.db);
    const through = new URL(url ?? "");
    through.hostname = "127.0.0.1";
    through.port = String(proxy.port);
    const proxied = await openDatabase({
      databaseUrl: through.toString(),
      dataDir: base.dataDir,
      searchPath: rows[0]?.schema,
    });
    test = await buildTestApp("postgres", { database: { ...proxied, dataDir: base.dataDir } });
    ann = await createSignedInUser(test);
    amelie = await createSignedInUser(test, { lang: "fr" });
  });
  afterAll(async () => {
    await proxy.cut();
    await test?.close();
    await base?.close();
  });

  const write = async (): Promise<{ status: number; name: string; body: string }> => {
    const name = `Home ${randomUUID()}`;
    const response = await call(test, ann, "POST", "/api/address/", {
      name,
      addressLine1: "1 Main Street",
      city: "Toronto",
      country: "CA",
      province: "Ontario",
      zip: "M1M 1M1",
    });
    return { status: response.statusCode, name, body: response.body };
  };

  it("answers 503 while it is away, recovers without a restart, and loses no acknowledged write", async () => {
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let running = true;
    const writer = async () => {
      while (running) {
        const { status, name, body } = await write();
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 200) acknowledged.push(name);
        else expect(status, body).toBe(503);
      }
    };
    const writers = Array.from({ length: 6 }, writer);
    const refused = () => statuses.get(503) ?? 0;

    await until(() => acknowledged.length >= writers.length, "writes acknowledged before the cut");
    await proxy.cut();
    await until(() => refused() > 0, "a write refused once the database is away");
    const away = await write();
    expect(away.status).toBe(503);
    expect(JSON.parse(away.body)).toEqual({
      error: {
        code: "service_unavailable",
        message: "The service is briefly unavailable. Nothing was saved; please try again in a moment.",
      },
    });
    const french = await test.app.inject({
      method: "GET",
      url: "/api/address/",
      // The account cannot be read while the database is away: the browser's language says French.
      headers: { cookie: amelie.cookie, "accept-language": "fr-CA,fr;q=0.9" },
    });
    expect(french.statusCode).toBe(503);
    expect(french.json().error.message).toBe(
      "Le service est momentanément indisponible. Rien n’a été enregistré ; réessayez dans un instant.",
    );
    expect((await test.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(503);
    // Every writer meets the outage again before the database returns.
    const refusedBefore = refused();
    await until(
      () => refused() >= refusedBefore + writers.length,
      "writes refused while the database is away",
    );

    await proxy.open();
    const acknowledgedBefore = acknowledged.length;
    await until(
      () => acknowledged.length >= acknowledgedBefore + writers.length,
      "writes acknowledged once the database is back",
      30_000,
    );
    running = false;
    await Promise.all(writers);
    expect((await write()).status).toBe(200);
    expect((await test.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);

    // Every write that answered 200 is in the database (read directly, not through the proxy).
    const stored = await base.db
      .selectFrom("address")
      .select("name")
      .where("owner_id", "=", ann.id)
      .execute();
    const names = new Set(stored.map((row) => row.name));
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.filter((name) => !names.has(name))).toEqual([]);
  }, 60_000);
});
