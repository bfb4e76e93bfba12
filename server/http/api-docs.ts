import { createRequire } from "node:module";
import path from "node:path";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

export const OPENAPI_PATH = "/api/openapi.json";
export const DOCS_PATH = "/api/docs";

/**
 * Collects every route as it is registered, for the OpenAPI 3.1 document: call before any route.
 * Each route's parameters and body are the zod schemas it validates with, turned into JSON Schema
 * by the type provider, so the document cannot drift from what the server accepts.
 */
export async function collectApiDescription(
  app: FastifyInstance,
  options: { sessionCookie: string },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Kinfile API",
        version: "1",
        description:
          "The API of Kinfile, the family file. Every error answers `{ error: { code, message, fields? } }` " +
          "with a code from one table; calls are signed in by the session cookie, and writes must come from " +
          "Kinfile's own pages (Origin).",
      },
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: options.sessionCookie },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
}

/**
 * GET /api/openapi.json (the document) and /api/docs (Swagger UI, a reference page that reads it).
 * The UI's own routes are public like the document: `access` is given to the plugin's routes here.
 */
export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  app.get(OPENAPI_PATH, { config: { access: "anonymous" }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  await app.register(async (docs) => {
    docs.defaultAccess = "anonymous";
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PATH,
      // The server is bundled into one file; the UI's files stay in its package.
      baseDir: path.join(
        path.dirname(createRequire(import.meta.url).resolve("@fastify/swagger-ui/package.json")),
        "static",
      ),
      uiConfig: { url: OPENAPI_PATH, docExpansion: "list", deepLinking: true },
      staticCSP: false,
    });
  });
}
