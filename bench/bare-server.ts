/**
 * The yardstick: a bare Fastify route doing the same database work as the measured Kinfile
 * route, with no plugins, no hooks and no Kysely. Started by bench/api.ts on a port it gives.
 */
import { DatabaseSync } from "node:sqlite";
import Fastify from "fastify";

const port = Number(process.env.PORT);
const database = new DatabaseSync(process.env.BENCH_DB ?? ":memory:");
const select = database.prepare("select 1 as ok");

const app = Fastify({ logger: false });
app.get("/readyz", async () => {
  select.get();
  return { status: "ready" };
});
await app.listen({ port, host: "127.0.0.1" });
process.stdout.write("ready\n");
process.on("SIGTERM", () => {
  void app.close().then(() => process.exit(0));
});
