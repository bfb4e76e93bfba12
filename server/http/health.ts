import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Database } from "../db/database.ts";

/** Liveness (the process answers) and readiness (the database answers), for load balancers and harnesses. */
export async function healthRoutes(app: FastifyInstance, options: { database: Database }): Promise<void> {
  app.get("/healthz", { config: { access: "anonymous" } }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" };
  });

  app.get("/readyz", { config: { access: "anonymous" } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    try {
      await sql`select 1`.execute(options.database.db);
      return { status: "ready" };
    } catch (error) {
      request.log.warn({ err: error }, "database not ready");
      return reply.code(503).send({ status: "unavailable" });
    }
  });
}
