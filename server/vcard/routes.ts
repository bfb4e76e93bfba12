import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Operation, OperationTypes } from "../../domain/api/contract.ts";
import type { VcardDecisionsResult, VcardImportResult } from "../../domain/schemas/vcard.ts";
import { actingUserOf, actorOf } from "../auth/ownership.ts";
import { closeUnreadBody, type UploadLimit } from "../http/file-part.ts";
import { type OperationRequest, registerOperation } from "../http/operations.ts";
import { perAccountRateLimit } from "../http/rate-limit-store.ts";
import type { VcardContact } from "./contact.ts";
import { receiveVcardFile, sendVcardFile } from "./upload.ts";

type VcardTypes = { vcardExport: OperationTypes; vcardImport: OperationTypes; vcardDecide: OperationTypes };

/** The query of one of the kind's operations, as validated (generic code loses the link TypeScript infers otherwise). */
type Query<T extends VcardTypes, K extends keyof VcardTypes> = OperationRequest<T[K]>["query"];

/** Whose file an import writes in, and who writes: the signed-in account, the owner or a collaborator. */
export type VcardWriter = { ownerId: string; changedBy: string };

/** What a kind of record (persons, institutions) gives to be exchanged as vCards. */
export type VcardExchange<T extends VcardTypes> = {
  /** The kind's three vCard operations (domain/api) and their schemas. */
  api: { [K in keyof VcardTypes]: Operation<T[K]> };
  types: T;
  /** The download's name without .vcf. */
  fileName: string;
  export(ownerId: string, query: Query<T, "vcardExport">): Promise<string>;
  import(
    writer: VcardWriter,
    contacts: readonly VcardContact[],
    query: Query<T, "vcardImport">,
  ): Promise<VcardImportResult<unknown>>;
  decide(
    writer: VcardWriter,
    decisions: OperationRequest<T["vcardDecide"]>["body"],
  ): Promise<VcardDecisionsResult>;
};

/**
 * The three vCard routes of a kind, the same for each: the export (a .vcf of all, or `?id=` one),
 * the import (multipart `file`: creates the new, answers the likely duplicates) and the decisions
 * (the owner's merge, create or skip of each duplicate). The signed-in user's own network, like
 * the kinds' other routes.
 */
export async function vcardRoutes<T extends VcardTypes>(
  app: FastifyInstance,
  exchange: VcardExchange<T>,
  uploadLimit: UploadLimit,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart);
    const ownerOf = (request: Pick<FastifyRequest, "actor">) => actorOf(request as FastifyRequest).userId;
    const writerOf = (request: Pick<FastifyRequest, "actor">): VcardWriter => {
      const actor = actorOf(request as FastifyRequest);
      return { ownerId: actor.userId, changedBy: actingUserOf(actor) };
    };

    registerOperation(scope, exchange.api.vcardExport, exchange.types.vcardExport, async (request, reply) =>
      sendVcardFile(
        reply,
        exchange.fileName,
        await exchange.export(ownerOf(request), request.query as Query<T, "vcardExport">),
      ),
    );

    registerOperation(
      scope,
      exchange.api.vcardImport,
      exchange.types.vcardImport,
      async (request, reply) => {
        const contacts = await receiveVcardFile(request as FastifyRequest);
        return reply.send(
          await exchange.import(writerOf(request), contacts, request.query as Query<T, "vcardImport">),
        );
      },
      // A vCard file is an upload: it counts against the account's uploads.
      { config: { rateLimit: perAccountRateLimit(uploadLimit) }, onSend: closeUnreadBody },
    );

    registerOperation(scope, exchange.api.vcardDecide, exchange.types.vcardDecide, async (request, reply) =>
      reply.send(
        await exchange.decide(writerOf(request), request.body as OperationRequest<T["vcardDecide"]>["body"]),
      ),
    );
  });
}
