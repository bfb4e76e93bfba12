import type { Kysely } from "kysely";
import { isCategoryShared, sharesWholeNetwork } from "../../../domain/schemas/share.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB } from "../../db/schema.ts";
import type { FileScopes } from "../../file/scope-coverage.ts";
import { commentReader } from "../comments/index.ts";
import { documentReader } from "../documents/index.ts";
import type { RecordReader } from "../records/index.ts";
import { documentPlaceCovered, type ScopedFile } from "../sharing/index.ts";

/** The routes whose path does not say what they reach: the subject is read before the handler runs. */
export const SUBJECT_ROUTES = [
  "/documents",
  "/documents/file/list/document/:id",
  "/documents/pending/:id",
  "/comments/:subjectKind/:subjectId",
  "/comments/:id",
] as const;

type SubjectRoute = (typeof SUBJECT_ROUTES)[number];

export function isSubjectRoute(route: string): route is SubjectRoute {
  return (SUBJECT_ROUTES as readonly string[]).includes(route);
}

/** A document's save as its body places it. */
type DocumentSave = { id?: string; module: string; type: string; assignedDocument?: string | null };

/**
 * Whether the subject a call names is in the collaborator's scope, by the same rules as the paths
 * (file-scope.ts) and the nominees' documents (sharing's `documentVisibility`): a record of a
 * shared category, a person with the personal network, a document the scope shows, a comment on
 * one of those. A subject that does not exist passes, for the handler to answer 404 as to the owner.
 */
export function fileSubjects(options: {
  db: Kysely<DB>;
  dataKeys: DataKeys;
  records: RecordReader;
  scopes: FileScopes;
}) {
  const { records } = options;
  const documents = documentReader(options.db, options.dataKeys);
  const comments = commentReader(options.db, options.dataKeys);

  async function recordInScope(file: ScopedFile, recordId: string): Promise<boolean> {
    const category = await records.categoryOf(file.ownerId, recordId);
    return category === undefined || isCategoryShared(file.scope, category);
  }

  async function commentSubjectInScope(file: ScopedFile, kind: string, id: string): Promise<boolean> {
    if (kind === "person") return sharesWholeNetwork(file.scope);
    return kind === "record" && (await recordInScope(file, id));
  }

  async function documentInScope(file: ScopedFile, id: string): Promise<boolean> {
    const row = await documents.find(file.ownerId, id);
    return (
      row === undefined ||
      (await documentPlaceCovered(options.scopes, file, { ...row, assignedDocument: row.assigned_document }))
    );
  }

  return async function subjectInScope(
    file: ScopedFile,
    route: SubjectRoute,
    params: Readonly<Record<string, string | undefined>>,
    body: unknown,
  ): Promise<boolean> {
    switch (route) {
      case "/documents": {
        const save = body as DocumentSave;
        const placed = {
          module: save.module,
          type: save.type,
          assignedDocument: save.assignedDocument ?? null,
        };
        return (
          (await documentPlaceCovered(options.scopes, file, placed)) &&
          (save.id === undefined || (await documentInScope(file, save.id)))
        );
      }
      case "/documents/file/list/document/:id":
        return recordInScope(file, params.id ?? "");
      case "/documents/pending/:id":
        return documentInScope(file, params.id ?? "");
      case "/comments/:subjectKind/:subjectId":
        return commentSubjectInScope(file, params.subjectKind ?? "", params.subjectId ?? "");
      case "/comments/:id": {
        const subject = await comments.subjectOf(file.ownerId, params.id ?? "");
        return subject === undefined || (await commentSubjectInScope(file, subject.kind, subject.id));
      }
    }
  };
}
