import type { FastifyInstance } from "fastify";
import { commentsApi } from "../../../domain/api/comments.ts";
import { commentsTypes } from "../../../domain/api/comments.types.ts";
import { actorOf } from "../../auth/ownership.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { Database } from "../../db/database.ts";
import { registerOperation } from "../../http/operations.ts";
import { createCommentService } from "./service.ts";

/** A comment of 2048 characters, each up to 4 bytes in UTF-8, escaped in JSON, and some room. */
const COMMENT_BODY_LIMIT = 64 * 1024;

/**
 * Comments on the caller's own records and persons (spec: Comment entity, section 6). Access
 * "user": a person's comments need no subscription; a record's need what records need (policy).
 */
export async function commentRoutes(
  app: FastifyInstance,
  options: { database: Database; dataKeys: DataKeys },
): Promise<void> {
  const service = createCommentService({ db: options.database.db, dataKeys: options.dataKeys });
  registerOperation(app, commentsApi.list, commentsTypes.list, async (request) =>
    service.list(actorOf(request), request.params.subjectKind, request.params.subjectId),
  );

  registerOperation(
    app,
    commentsApi.create,
    commentsTypes.create,
    async (request) =>
      service.create(
        actorOf(request),
        request.params.subjectKind,
        request.params.subjectId,
        request.body.notes,
      ),
    { bodyLimit: COMMENT_BODY_LIMIT },
  );

  registerOperation(
    app,
    commentsApi.update,
    commentsTypes.update,
    async (request) => service.update(actorOf(request), request.params.id, request.body.notes),
    { bodyLimit: COMMENT_BODY_LIMIT },
  );

  registerOperation(app, commentsApi.remove, commentsTypes.remove, async (request, reply) => {
    await service.remove(actorOf(request), request.params.id);
    return reply.code(204).send();
  });
}
