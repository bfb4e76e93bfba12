import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../errors/app-error.ts";
import { documentedStatus } from "./operations.ts";

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
    transform: asDocumented,
    transformObject: jsonSchemaTransformObject,
  });
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** What an operation's schema carries for the document alone (server/http/operations.ts). */
type DocumentedOnly = { successStatus?: number; responseHeaders?: z.ZodObject };

/**
 * The type provider's transform, with an operation's answers under its own statuses (its route
 * keys them by class, `2xx`) and the headers its success answers (a record's ETag), both read from
 * what the operation's schema carries for the document alone.
 */
function asDocumented(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const transformed = jsonSchemaTransform(input);
  const { successStatus, responseHeaders } = (input.schema ?? {}) as DocumentedOnly;
  const response = transformed.schema?.response as Record<string, Record<string, unknown>> | undefined;
  if (successStatus === undefined || response === undefined) return transformed;
  const {
    successStatus: _status,
    responseHeaders: _headers,
    ...schema
  } = transformed.schema as Record<string, unknown>;
  const success = String(successStatus);
  const headers =
    responseHeaders === undefined
      ? {}
      : {
          headers: Object.fromEntries(
            Object.entries(responseHeaders.shape).map(([name, header]) => [
              name,
              z.toJSONSchema(header as z.ZodType),
            ]),
          ),
        };
  const answers = Object.fromEntries(
    Object.entries(response).map(([key, answer]) => {
      const status = documentedStatus(key, successStatus);
      return [status, status === success ? { ...answer, ...headers } : answer];
    }),
  );
  return { ...transformed, schema: { ...schema, response: answers } as typeof transformed.schema };
}

/** The files of Swagger UI's own distribution the reference page loads, and their types. */
const UI_FILES: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "index.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Kinfile API</title>
<link rel="stylesheet" href="${DOCS_PATH}/static/swagger-ui.css">
<link rel="stylesheet" href="${DOCS_PATH}/static/index.css">
<link rel="icon" type="image/png" href="${DOCS_PATH}/static/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${DOCS_PATH}/static/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/static/swagger-ui-standalone-preset.js"></script>
<script src="${DOCS_PATH}/start.js"></script>
</body>
</html>`;

/** Started from a file (the site's policy allows no inline script), on this server's document. */
const START = `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_PATH)},
    dom_id: "#swagger-ui",
    deepLinking: true,
    docExpansion: "list",
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: "StandaloneLayout",
  });
};
`;

/**
 * GET /api/openapi.json (the document) and /api/docs, a reference page that reads it with Swagger
 * UI's own distribution (swagger-ui-dist). Its files are read from the package when asked for, so
 * an idle server keeps none of them in memory, as a plugin serving them would.
 */
export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  const anonymous = { config: { access: "anonymous" as const }, schema: { hide: true } };
  const uiDir = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

  app.get(OPENAPI_PATH, anonymous, async () => app.swagger());
  app.get(DOCS_PATH, anonymous, async (_request, reply) => reply.type("text/html; charset=utf-8").send(PAGE));
  app.get(`${DOCS_PATH}/start.js`, anonymous, async (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").send(START),
  );
  app.get(`${DOCS_PATH}/static/:file`, anonymous, async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const type = UI_FILES[file];
    // Only the files named above: the parameter never reaches the file system otherwise.
    if (type === undefined) throw new AppError("not_found");
    return reply
      .type(type)
      .header("cache-control", "public, max-age=86400")
      .send(await readFile(path.join(uiDir, file)));
  });
}
