import type { FastifyInstance, FastifyRequest } from "fastify";
import { sharedRecordsApi } from "../../../domain/api/sharedRecords.ts";
import { sharedRecordsTypes } from "../../../domain/api/sharedRecords.types.ts";
import { isCategoryShared } from "../../../domain/schemas/share.ts";
import { categoryDef, isCategoryKey } from "../../../domain/sections/index.ts";
import { RECORD_MODULES } from "../../../domain/sections/modules.ts";
import type { CategoryDef } from "../../../domain/sections/types.ts";
import { AppError } from "../../errors/app-error.ts";
import { acceptedEncoding } from "../../http/compression.ts";
import { registerOperation } from "../../http/operations.ts";
import { sendListAnswer } from "../records/index.ts";
import { viewOrReveals } from "./nominee-access-log.ts";
import type { ReleasedGrant } from "./released-grant.ts";
import type { SharedReads } from "./shared-read-context.ts";

/** A shared category named by the path, in its own module, or 404. */
function sharedCategory(grant: ReleasedGrant, module: string, category: string): CategoryDef {
  if (!isCategoryKey(category) || !isCategoryShared(grant.scope, category)) throw new AppError("not_found");
  const definition = categoryDef(category);
  if (definition.module !== module) throw new AppError("not_found");
  return definition;
}

/** A nominee's reads of shared records: a module's counts, a category's list, one record (with reveals). */
export function sharedRecordRoutes(
  app: FastifyInstance,
  { grantOf, log, records, listAnswers }: SharedReads,
): void {
  registerOperation(app, sharedRecordsApi.count, sharedRecordsTypes.count, async (request) => {
    const grant = await grantOf(request as FastifyRequest, request.params.nomineeId);
    const module = RECORD_MODULES.find((key) => key === request.params.module);
    if (module === undefined) throw new AppError("not_found");
    const counts = Object.entries(await records.countOf(grant.ownerId, module)).filter(([category]) =>
      isCategoryShared(grant.scope, category),
    );
    if (counts.length === 0) throw new AppError("not_found");
    return Object.fromEntries(counts);
  });

  registerOperation(app, sharedRecordsApi.list, sharedRecordsTypes.list, async (request, reply) => {
    const grant = await grantOf(request as FastifyRequest, request.params.nomineeId);
    const category = sharedCategory(grant, request.params.module, request.params.category);
    // The owner's own list, kept whole with the owner's answers (records/list-answers.ts).
    const answer = await listAnswers.answer(
      grant.ownerId,
      category.key,
      async () => JSON.stringify(await records.listOf(grant.ownerId, category)),
      acceptedEncoding(request as FastifyRequest),
    );
    await log(grant, [
      { kind: "view", subjectKind: "list", subjectId: category.key, category: category.key },
    ]);
    return sendListAnswer(reply, answer);
  });

  registerOperation(app, sharedRecordsApi.read, sharedRecordsTypes.read, async (request) => {
    const grant = await grantOf(request as FastifyRequest, request.params.nomineeId);
    const category = sharedCategory(grant, request.params.module, request.params.category);
    const reveal = request.query.reveal;
    const { view, revealed } = await records.readOf(grant.ownerId, category, request.params.id, reveal);
    await log(
      grant,
      viewOrReveals(
        { subjectKind: "record", subjectId: view.id, category: view.category },
        revealed,
        reveal.length > 0,
        request.query.purpose,
      ),
    );
    return view;
  });
}
