import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../errors/app-error.ts";
import type { LocaleStore } from "../i18n/locale-store.ts";

const params = z.object({ lng: z.string(), file: z.string() });

/**
 * GET /locales/{lng}/{ns}.json, the spec's translation path. Only files loaded from the locales
 * folder at start can be named, so no path reaches the file system.
 */
export async function localeRoutes(app: FastifyInstance, options: { locales: LocaleStore }): Promise<void> {
  const route = { config: { access: "anonymous" as const }, schema: { params } };
  app.withTypeProvider<ZodTypeProvider>().get("/locales/:lng/:file", route, async (request, reply) => {
    const { lng, file } = request.params;
    const namespace = file.endsWith(".json") ? file.slice(0, -".json".length) : undefined;
    const found = namespace === undefined ? undefined : options.locales.file(lng, namespace);
    if (found === undefined) throw new AppError("not_found");
    reply.header("cache-control", "public, max-age=300").header("etag", found.etag);
    if (request.headers["if-none-match"] === found.etag) return reply.code(304).send();
    return reply.type("application/json; charset=utf-8").send(found.body);
  });
}
