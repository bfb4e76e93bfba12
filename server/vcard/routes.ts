import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { VcardDecisionsResult, VcardImportResult } from "../../domain/schemas/vcard.ts";
import type { Actor } from "../auth/access.ts";
import { actorOf } from "../auth/ownership.ts";
import { closeUnreadBody, perAccountUploads, type UploadLimit } from "../http/file-part.ts";
import type { VcardContact } from "./contact.ts";
import { receiveVcardFile, sendVcardFile } from "./upload.ts";

/** What a kind of record (persons, institutions) gives to be exchanged as vCards. */
export type VcardExchange<
  ExportQuery extends z.ZodType,
  Query extends z.ZodType,
  Decisions extends z.ZodType,
> = {
  /** The routes' base path: `${path}` for export and import, `${path}/decisions` for decisions. */
  path: string;
  /** The download's name without .vcf. */
  fileName: string;
  /** Which records the export holds (all, `?id=` one, or more filters of the kind's). */
  exportQuery: ExportQuery;
  /** Where imported cards go (persons: their group and type); an empty object when nothing. */
  importQuery: Query;
  decisionsSchema: Decisions;
  export(ownerId: string, query: z.output<ExportQuery>): Promise<string>;
  import(
    ownerId: string,
    contacts: readonly VcardContact[],
    query: z.output<Query>,
  ): Promise<VcardImportResult<unknown>>;
  decide(ownerId: string, decisions: z.output<Decisions>): Promise<VcardDecisionsResult>;
};

/**
 * The three vCard routes of a kind, the same for each: GET `path` (a .vcf of all, or `?id=` one),
 * POST `path` (multipart `file`: creates the new, answers the likely duplicates) and POST
 * `path/decisions` (the owner's merge, create or skip of each duplicate). The signed-in user's own
 * network, like the kinds' other routes (access "user").
 */
export async function vcardRoutes<
  ExportQuery extends z.ZodType,
  Query extends z.ZodType,
  Decisions extends z.ZodType,
>(
  app: FastifyInstance,
  exchange: VcardExchange<ExportQuery, Query, Decisions>,
  uploadLimit: UploadLimit,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart);
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const user = { access: "user" as const };
    const ownerOf = (actor: Actor) => actor.userId;

    api.get(
      exchange.path,
      { config: user, schema: { querystring: exchange.exportQuery } },
      async (request, reply) =>
        sendVcardFile(
          reply,
          exchange.fileName,
          await exchange.export(ownerOf(actorOf(request)), request.query as z.output<ExportQuery>),
        ),
    );

    api.post(
      exchange.path,
      {
        // A vCard file is an upload: it counts against the account's uploads.
        config: { ...user, rateLimit: perAccountUploads(uploadLimit) },
        schema: { querystring: exchange.importQuery },
        onSend: closeUnreadBody,
      },
      async (request) => {
        const contacts = await receiveVcardFile(request);
        return exchange.import(ownerOf(actorOf(request)), contacts, request.query as z.output<Query>);
      },
    );

    api.post(
      `${exchange.path}/decisions`,
      { config: user, schema: { body: exchange.decisionsSchema } },
      async (request) => exchange.decide(ownerOf(actorOf(request)), request.body as z.output<Decisions>),
    );
  });
}

/** No query: the kinds whose import has no choice to make. */
export const NO_IMPORT_QUERY = z.object({});
