import { z } from "zod";
import { MASK } from "../secrets.ts";
import { categoryDef, isCategoryKey, secretFields } from "../sections/index.ts";
import { RECORD_MODULES } from "../sections/modules.ts";
import { type RecordBody, recordSchema } from "../sections/schema.ts";
import { type Address, addressInputSchema } from "./address.ts";
import { COMMENT_SUBJECT_KINDS, commentBodySchema } from "./comment.ts";
import { documentInputSchema } from "./document.ts";
import { type Institution, institutionInputSchema } from "./institution.ts";
import { type PersonRecord, personInputSchema } from "./person.ts";
import { nomineeCreateSchema, type ShareDefinition } from "./share.ts";

/**
 * The owner's whole file as one JSON document: what GET /api/export writes into its ZIP (beside
 * every document's file) and POST /api/import reads back. Versioned: a reader refuses a format or
 * version it does not know. Documented, field by field, in server/modules/portability/README.md.
 *
 * Every entity keeps its id, which the other entities use to refer to it (a person's addresses,
 * a record's persons, a document's record, a comment's subject, a nominee's person); an import gives
 * every row a new id and rewrites each reference. Times are epoch milliseconds.
 */

export const FILE_EXPORT_FORMAT = "kinfile-file";
export const FILE_EXPORT_VERSION = 1;

/** The JSON document's name in the archive. */
export const FILE_EXPORT_DOCUMENT = "kinfile.json";
/** Where the documents' files lie in the archive: files/<document id>/<file name>. */
export const FILE_EXPORT_FILES_FOLDER = "files/";

const id = z.uuid();
const time = z.number().int().min(0).max(8.64e15);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, "errors:fields.invalid_format");

/** What every exported entity carries besides its own fields. */
const exported = z.object({ id, createTime: time, updateTime: time });

export const personEntrySchema = exported.and(personInputSchema);
export const addressEntrySchema = exported.and(addressInputSchema);
export const institutionEntrySchema = exported.and(institutionInputSchema);

/** A record's body, checked against its category's declaration (secrets left out pass as withheld). */
export const recordEntrySchema = exported
  .extend({
    module: z.enum(RECORD_MODULES),
    category: z.string().refine(isCategoryKey, "errors:fields.invalid_choice"),
    body: z.record(z.string(), z.unknown()),
  })
  .superRefine((record, context) => {
    if (!isCategoryKey(record.category)) return;
    if (categoryDef(record.category).module !== record.module) {
      context.addIssue({ code: "custom", path: ["module"], message: "errors:fields.invalid_choice" });
    }
  })
  .transform((record, context) => {
    if (!isCategoryKey(record.category)) return z.NEVER;
    // An export without secrets leaves them null: the category's rules see them as withheld.
    const secrets = secretFields(record.category).map((field) => field.key);
    const withheld = secrets.filter((key) => record.body[key] === null || record.body[key] === undefined);
    const parsed = recordSchema(record.category).safeParse({
      ...record.body,
      ...Object.fromEntries(withheld.map((key) => [key, MASK])),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        context.addIssue({ code: "custom", path: ["body", ...issue.path], message: issue.message });
      }
      return z.NEVER;
    }
    const body: RecordBody = { ...parsed.data, ...Object.fromEntries(withheld.map((key) => [key, null])) };
    return { ...record, body };
  });

/** A document's file in the archive: where, what, and its SHA-256 (hex) to check it arrived whole. */
const fileEntrySchema = z.object({
  path: z.string().min(1).max(1024),
  contentType: z.string().min(1).max(256),
  size: z.number().int().min(0),
  sha256,
});

export const commentEntrySchema = exported.extend({
  subjectKind: z.enum(COMMENT_SUBJECT_KINDS),
  subjectId: id,
  notes: commentBodySchema.shape.notes,
});

/** A nominee as its owner defined the share: who, what, when. Never its state or account. */
export const nomineeEntrySchema = nomineeCreateSchema.extend({ id });

export const documentEntrySchema = exported
  .and(documentInputSchema)
  .and(z.object({ file: fileEntrySchema.nullable() }));

/**
 * The document's head; each kind of the file adds its part (`persons`, ... built from the kinds by
 * server/modules/portability/archive-document.ts), and the share definitions theirs (`nominees`).
 */
export const fileExportHeadSchema = z.object({
  format: z.literal(FILE_EXPORT_FORMAT),
  version: z.literal(FILE_EXPORT_VERSION),
  exportedAt: time,
  /** Whether secret fields (vault passwords, account and social numbers...) hold their values; null when not. */
  secrets: z.boolean(),
  nominees: z.array(nomineeEntrySchema),
});

type Times = { createTime: number; updateTime: number };

/** A document's file: where it lies in an archive, its type and size in bytes. */
export type FileSnapshotFile = { path: string; contentType: string; size: number };

/** A document's metadata in the file, and where its file lies in the archive (null: no file). */
export type FileSnapshotDocument = Times & {
  id: string;
  module: string;
  type: string;
  fileName: string | null;
  description: string | null;
  lastName: string | null;
  assignedModule: string | null;
  assignedType: string | null;
  assignedCustomPosition: string | null;
  assignedDocument: string | null;
  file: FileSnapshotFile | null;
};

export type FileSnapshotRecord = Times & { id: string; module: string; category: string; body: RecordBody };

export type FileSnapshotComment = Times & {
  id: string;
  subjectKind: (typeof COMMENT_SUBJECT_KINDS)[number];
  subjectId: string;
  notes: string;
};

/**
 * The owner's whole file as the server reads it (server/modules/portability/snapshot.ts), in the
 * shapes the API answers: what the export writes (with each file's checksum filled in) and what
 * the binder prints. Secrets are null unless asked for.
 */
export type FileSnapshot = {
  format: typeof FILE_EXPORT_FORMAT;
  version: typeof FILE_EXPORT_VERSION;
  exportedAt: number;
  secrets: boolean;
  persons: PersonRecord[];
  addresses: (Address & Times)[];
  institutions: (Institution & Times)[];
  records: FileSnapshotRecord[];
  documents: FileSnapshotDocument[];
  comments: FileSnapshotComment[];
  nominees: ShareDefinition[];
};

/** The JSON document an export writes: the snapshot, each file with its SHA-256 (hex) as written. */
export type FileExportDocument = Omit<FileSnapshot, "documents"> & {
  documents: (Omit<FileSnapshotDocument, "file"> & {
    file: (FileSnapshotFile & { sha256: string }) | null;
  })[];
};

/** Where a document's file lies in the archive: its own folder, so two files of one name never meet. */
export function archivePathOf(documentId: string, fileName: string | null): string {
  // Separators, control characters and leading dots ("..") would make it another path.
  const safe =
    (fileName ?? "file")
      .replace(/[\\/:*?"<>|\p{Cc}]/gu, "_")
      .replace(/^\.+/, "_")
      .slice(0, 200) || "file";
  return `${FILE_EXPORT_FILES_FOLDER}${documentId}/${safe}`;
}

/** What POST /api/import answers: how many of each were restored (a kind added later, under its part's name). */
export const importSummarySchema = z
  .object({
    persons: z.number(),
    addresses: z.number(),
    institutions: z.number(),
    records: z.number(),
    documents: z.number(),
    /** Documents' files among them. */
    files: z.number(),
    comments: z.number(),
    nominees: z.number(),
  })
  .catchall(z.number());
export type ImportSummary = z.infer<typeof importSummarySchema>;
