import type { FastifyInstance, FastifyRequest } from "fastify";
import { recordsApi } from "../../../domain/api/records.ts";
import { recordsTypes } from "../../../domain/api/records.types.ts";
import { categoriesOf } from "../../../domain/sections/index.ts";
import { RECORD_MODULES } from "../../../domain/sections/modules.ts";
import { type RecordBody, recordSchema } from "../../../domain/sections/schema.ts";
import { actorOf } from "../../auth/ownership.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors/app-error.ts";
import type { FileChanges } from "../../file/changes.ts";
import { acceptedEncoding } from "../../http/compression.ts";
import { registerOperation } from "../../http/operations.ts";
import { expectedVersionOf, withEtag } from "../../http/versions.ts";
import { JSON_TYPE, type ListAnswers, sendListAnswer } from "./list-answers.ts";
import type { ListCache } from "./list-cache.ts";
import { createRecordService } from "./service.ts";

/** A record's JSON: a few dozen fields of at most 2048 characters, lists of ids, and room. */
const RECORD_BODY_LIMIT = 256 * 1024;

/**
/**
 * Who saves: the signed-in account itself, which on a file someone else owns is not the file's
 * owner (the owner comes from actorOf and the route), so the two are kept apart.
 */
function changedByOf(request: FastifyRequest): string {
  if (request.actor === null) throw new AppError("unauthenticated");
  return request.actor.userId;
}

/**
 * The records API, generated from the category declarations: for each module its count, and for
 * each category `/api/records/{module}/{category}` (list, create) and `.../{id}` (read, replace,
 * delete). Each category's routes carry its own body schema, so validation, field messages and
 * the OpenAPI document come from the declaration; unknown modules or categories have no route (404).
 * Access "subscriber": a subscriber or a company account member.
 */
export async function recordRoutes(
  app: FastifyInstance,
  options: {
    database: Database;
    dataKeys: DataKeys;
    listCache: ListCache;
    /** The owner's lists kept whole (list-answers.ts). */
    listAnswers: ListAnswers;
    /** Where saves and deletes are published (server/file/changes.ts). */
    changes: FileChanges;
  },
): Promise<void> {
  const service = createRecordService({
    db: options.database.db,
    dataKeys: options.dataKeys,
    listCache: options.listCache,
    changes: options.changes,
  });
  // The record sections are the full file's (server/auth/permissions.ts).
  for (const module of RECORD_MODULES) {
    registerOperation(
      app,
      recordsApi.count,
      recordsTypes.count,
      (request) => service.count(actorOf(request), module),
      {
        fixed: { module },
      },
    );

    for (const category of categoriesOf(module)) {
      const fixed = { module, category: category.key };
      const body = recordSchema(category);
      const write = { fixed, types: { body }, bodyLimit: RECORD_BODY_LIMIT };

      // The JSON Fastify would write for the list, and its compressed copy, kept for the next time
      // (list-answers.ts); @fastify/compress leaves an answer that names its encoding as it is.
      registerOperation(
        app,
        recordsApi.list,
        recordsTypes.list,
        async (request, reply) => {
          const actor = actorOf(request);
          const answer = await options.listAnswers.answer(
            actor.userId,
            category.key,
            async () => JSON.stringify(await service.list(actor, category)),
            acceptedEncoding(request as FastifyRequest),
          );
          return sendListAnswer(reply, answer);
        },
        { fixed },
      );

      registerOperation(
        app,
        recordsApi.create,
        recordsTypes.create,
        async (request, reply) => {
          const owner = actorOf(request);
          const id = await service.create(owner, category, request.body as RecordBody, changedByOf(request));
          // The id as a JSON string, as the spec's POST /api/pn/person answers it.
          return withEtag(reply.type(JSON_TYPE), 1).send(JSON.stringify(id));
        },
        write,
      );

      registerOperation(
        app,
        recordsApi.read,
        recordsTypes.read,
        async (request, reply) => {
          const view = await service.get(
            actorOf(request),
            category,
            request.params.id,
            request.query.reveal,
            request.query.purpose,
          );
          // Secrets may be in it: no cache keeps a copy.
          return withEtag(reply.header("cache-control", "no-store"), view.version).send(view);
        },
        { fixed },
      );

      registerOperation(
        app,
        recordsApi.replace,
        recordsTypes.replace,
        async (request, reply) => {
          const version = await service.update(
            actorOf(request),
            category,
            request.params.id,
            request.body as RecordBody,
            { expectedVersion: expectedVersionOf(request.headers), changedBy: changedByOf(request) },
          );
          return withEtag(reply.type(JSON_TYPE), version).send(JSON.stringify(request.params.id));
        },
        {
          ...write,
          // Before validation: secrets left out or sent back masked take their stored values.
          preValidation: async (request) => {
            request.body = await service.withStoredSecrets(
              actorOf(request),
              category,
              (request.params as { id: string }).id,
              request.body,
            );
          },
        },
      );

      registerOperation(
        app,
        recordsApi.remove,
        recordsTypes.remove,
        async (request, reply) => {
          await service.remove(actorOf(request), category, request.params.id);
          return reply.code(204).send();
        },
        { fixed },
      );
    }
  }
}
