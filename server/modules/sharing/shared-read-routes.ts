import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Selectable } from "kysely";
import { z } from "zod";
import { PERSON_GROUPS } from "../../../domain/catalog/relationships.ts";
import { categoryKeySchema, DOCUMENT_MODULES, isDocumentType } from "../../../domain/schemas/document.ts";
import { personRevealQuerySchema } from "../../../domain/schemas/person.ts";
import { recordRevealQuerySchema } from "../../../domain/schemas/record.ts";
import { scopeIncludesDocument, sharesWholeNetwork } from "../../../domain/schemas/share.ts";
import { categoryDef, isCategoryKey } from "../../../domain/sections/index.ts";
import { RECORD_MODULES } from "../../../domain/sections/modules.ts";
import type { CategoryDef } from "../../../domain/sections/types.ts";
import { actorOf } from "../../auth/ownership.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { Database } from "../../db/database.ts";
import type { NomineeTable } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { addressReader } from "../addresses/reader.ts";
import { sendDownload } from "../documents/download.ts";
import { toDocumentRecord, toListItem } from "../documents/presenter.ts";
import { documentReader, openDocumentFile } from "../documents/reader.ts";
import { institutionReader } from "../institutions/reader.ts";
import { personReader } from "../persons/reader.ts";
import type { ListCache } from "../records/list-cache.ts";
import { recordReader } from "../records/reader.ts";
import { logNomineeAccess, type NomineeAccess, viewOrReveals } from "./nominee-access-log.ts";
import { markFirstOpen, type ReleasedGrant, releasedGrant, releasedGrantsFrom } from "./released-grant.ts";
import {
  documentIsVisible,
  documentsNamedBy,
  isCategoryShared,
  personIsVisible,
  type ScopeReaders,
  type SharedNetwork,
  sharedNetwork,
} from "./shared-scope.ts";

const id = z.string().max(64);
const nomineeParams = z.object({ nomineeId: id });
const moduleParams = z.object({ nomineeId: id, module: z.string().max(64) });
const categoryParams = z.object({ nomineeId: id, module: z.string().max(64), category: z.string().max(64) });
const recordParams = categoryParams.extend({ id });
const idParams = z.object({ id });
const personsQuery = z.object({ personGroup: z.enum(PERSON_GROUPS) });
const documentQuery = z
  .object({ documentModule: z.enum(DOCUMENT_MODULES), documentType: categoryKeySchema })
  .refine((query) => isDocumentType(query.documentModule, query.documentType), {
    path: ["documentType"],
    message: "errors:fields.invalid_choice",
  });
const downloadParams = z.object({
  nomineeId: id,
  documentType: z.string().max(64),
  documentId: id,
  fileName: z.string().max(1024),
});
const inlineQuery = z.object({ inline: z.enum(["1", "true", "0", "false"]).optional() });

/** What the shared reads need from the app. */
export type SharedReadOptions = {
  database: Database;
  dataKeys: DataKeys;
  blobs: BlobStore;
  /** The app's list cache, shared with the owner's own lists. */
  listCache: ListCache;
  /** Epoch ms; tests move it. */
  clock?: () => number;
  /**
   * Called when a released nominee opens the file for the first time since the last release
   * (opened_at was null); mails the owner. Set by sharingRoutes when the lifecycle is mounted;
   * once per release whatever the number of calls.
   */
  onFirstOpen?: (nominee: Selectable<NomineeTable>) => Promise<void>;
};

/**
 * A released nominee reads what the owner shared, read-only, in the shapes the owner's own routes
 * answer (so the app shows it with the same components). Everything goes through the grant
 * (released-grant.ts) and the scope (shared-scope.ts): outside them, every answer is 404. Views,
 * reveals and downloads are logged for the owner (nominee-access-log.ts); the first read after
 * each release calls `onFirstOpen` (the owner's mail). Nothing here writes the owner's file.
 */
export async function sharedReadRoutes(app: FastifyInstance, options: SharedReadOptions): Promise<void> {
  const { dataKeys, blobs } = options;
  const { db } = options.database;
  const clock = options.clock ?? Date.now;
  // The modules' public faces for reading: nothing here queries another module's tables.
  const records = recordReader({ db, dataKeys, listCache: options.listCache });
  const persons = personReader(db, dataKeys);
  const addresses = addressReader(db);
  const institutions = institutionReader(db);
  const documents = documentReader(db, dataKeys);
  const readers: ScopeReaders = { records, persons, institutions };
  const owners = { person: persons, address: addresses, institution: institutions };
  const api = app.withTypeProvider<ZodTypeProvider>();
  const nominee = { access: "nominee" as const };

  // Shared data never stays in a cache; downloads set their own stricter header.
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });

  /** The first read since the release tells the owner, once, even across app servers. */
  async function noteOpened(request: FastifyRequest, grant: ReleasedGrant, now: number): Promise<void> {
    if (!(await markFirstOpen(db, grant, now))) return;
    try {
      await options.onFirstOpen?.({ ...grant.nominee, opened_at: now });
    } catch (error) {
      // The nominee's read must not fail for the owner's mail; the log keeps the trace.
      request.log.error(
        { err: error, nomineeId: grant.nominee.id },
        "could not tell the owner of a first open",
      );
    }
  }

  async function grantOf(request: FastifyRequest, nomineeId: string): Promise<ReleasedGrant> {
    const now = clock();
    const grant = await releasedGrant(db, actorOf(request), nomineeId, now);
    await noteOpened(request, grant, now);
    return grant;
  }

  /**
   * The spec's person, address and institution paths name no grant: the caller's released grant
   * from the row's owner under which the row is visible, with what that grant shows.
   */
  async function grantShowing(
    request: FastifyRequest,
    table: "person" | "address" | "institution",
    rowId: string,
    visible: (network: SharedNetwork) => boolean,
  ): Promise<{ grant: ReleasedGrant; ownerId: string }> {
    const ownerId = await owners[table].ownerOf(rowId);
    if (ownerId === undefined) throw new AppError("not_found");
    const now = clock();
    for (const grant of await releasedGrantsFrom(db, actorOf(request), ownerId, now)) {
      if (visible(await sharedNetwork(readers, grant))) {
        await noteOpened(request, grant, now);
        return { grant, ownerId };
      }
    }
    throw new AppError("not_found");
  }

  function sharedCategory(grant: ReleasedGrant, module: string, category: string): CategoryDef {
    if (!isCategoryKey(category) || !isCategoryShared(grant.scope, category)) throw new AppError("not_found");
    const definition = categoryDef(category);
    if (definition.module !== module) throw new AppError("not_found");
    return definition;
  }

  const log = (grant: ReleasedGrant, accesses: readonly NomineeAccess[]) =>
    logNomineeAccess(db, grant, accesses, clock());

  api.get(
    "/api/shared/nominee/:nomineeId/records/:module/count",
    { config: nominee, schema: { params: moduleParams } },
    async (request) => {
      const grant = await grantOf(request, request.params.nomineeId);
      const module = RECORD_MODULES.find((key) => key === request.params.module);
      if (module === undefined) throw new AppError("not_found");
      const counts = Object.entries(await records.countOf(grant.ownerId, module)).filter(([category]) =>
        isCategoryShared(grant.scope, category),
      );
      if (counts.length === 0) throw new AppError("not_found");
      return Object.fromEntries(counts);
    },
  );

  api.get(
    "/api/shared/nominee/:nomineeId/records/:module/:category",
    { config: nominee, schema: { params: categoryParams } },
    async (request) => {
      const grant = await grantOf(request, request.params.nomineeId);
      const category = sharedCategory(grant, request.params.module, request.params.category);
      const list = await records.listOf(grant.ownerId, category);
      await log(grant, [
        { kind: "view", subjectKind: "list", subjectId: category.key, category: category.key },
      ]);
      return list;
    },
  );

  api.get(
    "/api/shared/nominee/:nomineeId/records/:module/:category/:id",
    { config: nominee, schema: { params: recordParams, querystring: recordRevealQuerySchema } },
    async (request) => {
      const grant = await grantOf(request, request.params.nomineeId);
      const category = sharedCategory(grant, request.params.module, request.params.category);
      const reveal = request.query.reveal;
      const { view, revealed } = await records.readOf(grant.ownerId, category, request.params.id, reveal);
      await log(
        grant,
        viewOrReveals(
          { subjectKind: "record", subjectId: view.id, category: view.category },
          revealed,
          reveal.length > 0,
        ),
      );
      return view;
    },
  );

  api.get(
    "/api/shared/nominee/:nomineeId/persons",
    { config: nominee, schema: { params: nomineeParams, querystring: personsQuery } },
    async (request) => {
      const grant = await grantOf(request, request.params.nomineeId);
      const group = request.query.personGroup;
      const network = sharesWholeNetwork(grant.scope) ? null : await sharedNetwork(readers, grant);
      const list = await persons.listGroup(
        grant.ownerId,
        group,
        (personId) => network === null || personIsVisible(network, personId),
      );
      await log(grant, [{ kind: "view", subjectKind: "list", subjectId: group }]);
      return list;
    },
  );

  api.get(
    "/api/shared/nominee/person/:id",
    { config: nominee, schema: { params: idParams, querystring: personRevealQuerySchema } },
    async (request) => {
      const personId = request.params.id;
      const { grant, ownerId } = await grantShowing(request, "person", personId, (network) =>
        personIsVisible(network, personId),
      );
      const reveal = request.query.reveal === "socialNumber";
      const person = await persons.read(ownerId, personId, { revealSocialNumber: reveal });
      if (person === undefined) throw new AppError("not_found");
      const hasNumber = person.mainDetails.socialNumber !== null;
      const entries = viewOrReveals(
        { subjectKind: "person", subjectId: personId },
        hasNumber ? ["socialNumber"] : [],
        reveal,
      );
      // Without the personal network shared, a person is only read as a name on a shared record,
      // whose view is logged already: only a deliberate reveal is an access of its own.
      await log(
        grant,
        sharesWholeNetwork(grant.scope) ? entries : entries.filter((entry) => entry.kind === "reveal"),
      );
      return person;
    },
  );

  /** An address or a company: its own path, which grants show it, and the owner's shape of it. */
  const networkRows = [
    {
      path: "addresses",
      table: "address",
      shows: (network: SharedNetwork, rowId: string) => network.addresses.has(rowId),
      read: addresses.read,
    },
    {
      path: "institutions",
      table: "institution",
      shows: (network: SharedNetwork, rowId: string) => network.institutions.has(rowId),
      read: institutions.read,
    },
  ] as const;

  for (const kind of networkRows) {
    api.get(
      `/api/shared/nominee/${kind.path}/:id`,
      { config: nominee, schema: { params: idParams } },
      async (request) => {
        const rowId = request.params.id;
        const { ownerId } = await grantShowing(request, kind.table, rowId, (network) =>
          kind.shows(network, rowId),
        );
        const shown = await kind.read(ownerId, rowId);
        if (shown === undefined) throw new AppError("not_found");
        // An address or a company is read as part of the person or record that names it, whose
        // view is logged: no entry of its own.
        return shown;
      },
    );
  }

  api.get(
    "/api/shared/nominee/:nomineeId/documents",
    { config: nominee, schema: { params: nomineeParams, querystring: documentQuery } },
    async (request) => {
      const grant = await grantOf(request, request.params.nomineeId);
      const { documentModule, documentType } = request.query;
      if (!scopeIncludesDocument(grant.scope, documentModule, documentType)) throw new AppError("not_found");
      const list = (await documents.listByType(grant.ownerId, documentModule, documentType)).map(toListItem);
      await log(grant, [
        { kind: "view", subjectKind: "list", subjectId: documentType, category: documentType },
      ]);
      return list;
    },
  );

  api.get(
    "/api/shared/nominee/:nomineeId/documents/record/:recordId",
    { config: nominee, schema: { params: z.object({ nomineeId: id, recordId: id }) } },
    async (request) => {
      const grant = await grantOf(request, request.params.nomineeId);
      const category = await records.categoryOf(grant.ownerId, request.params.recordId);
      if (category === undefined || !isCategoryShared(grant.scope, category)) throw new AppError("not_found");
      const { ownerId } = grant;
      const named = await documentsNamedBy(records, grant, request.params.recordId);
      const attached = await documents.listAttachedTo(ownerId, request.params.recordId);
      const others = await documents.findMany(
        ownerId,
        named.filter((documentId) => !attached.some((row) => row.id === documentId)),
      );
      // Part of reading the record, which logged its view already.
      return [...attached, ...others].map(toListItem);
    },
  );

  api.get(
    "/api/shared/nominee/:nomineeId/document/:id",
    { config: nominee, schema: { params: z.object({ nomineeId: id, id }), querystring: documentQuery } },
    async (request) => {
      const grant = await grantOf(request, request.params.nomineeId);
      const { documentModule, documentType } = request.query;
      const row = await documents.findAt(grant.ownerId, request.params.id, {
        module: documentModule,
        type: documentType,
      });
      if (row === undefined || !(await documentIsVisible(records, grant, row))) {
        throw new AppError("not_found");
      }
      await log(grant, [{ kind: "view", subjectKind: "document", subjectId: row.id, category: row.type }]);
      return toDocumentRecord(row);
    },
  );

  api.get(
    "/api/shared/:nomineeId/:documentType/:documentId/download/:fileName/",
    { config: nominee, schema: { params: downloadParams, querystring: inlineQuery } },
    async (request, reply) => {
      const grant = await grantOf(request, request.params.nomineeId);
      const row = await documents.findAt(grant.ownerId, request.params.documentId, {
        type: request.params.documentType,
      });
      if (row === undefined || !(await documentIsVisible(records, grant, row))) {
        throw new AppError("not_found");
      }
      const inline = request.query.inline === "1" || request.query.inline === "true";
      const file = await openDocumentFile(blobs, row);
      try {
        // The file's name stays out of the log: it is encrypted at rest, the log is not. Opened
        // in the browser (View) is a view of the file; saved (Download) is a download.
        await log(grant, [
          inline
            ? { kind: "view", subjectKind: "file", subjectId: row.id, category: row.type }
            : { kind: "download", subjectKind: "document", subjectId: row.id, category: row.type },
        ]);
      } catch (error) {
        // Unlogged, the file does not leave.
        file.body.destroy();
        throw error;
      }
      return sendDownload(reply, file, inline);
    },
  );
}
