import { z } from "zod";
import { LIMITS } from "../limits.ts";
import { ASSIGNED_TYPE_MODULES, isAssignedType } from "../sections/assignedTypes.ts";
import { categoryDef, isCategoryKey } from "../sections/index.ts";
import { MODULES, type ModuleKey, RECORD_MODULES } from "../sections/modules.ts";
import { optionalRef, optionalText } from "./fields.ts";

/**
 * The spec's documents: metadata saved with POST /api/documents, a file uploaded to it, and the
 * shapes the API answers. A document belongs to a module and a category (its `type`), and may be
 * filed under another category (assignedModule/assignedType) or attached to one record
 * (assignedDocument, with assignedCustomPosition naming which of the record's document fields).
 */

/** The record modules, plus "documentlibrary" for the library's own documents. */
export const DOCUMENT_MODULES = [...RECORD_MODULES, "documentlibrary"] as const;
export type DocumentModule = (typeof DOCUMENT_MODULES)[number];

/** Where a document can be filed: any module of CATALOG.md section 1 that holds categories. */
export const ASSIGNED_MODULES = MODULES.filter(
  (module): module is Exclude<ModuleKey, "shared-data"> => module !== "shared-data",
);

/** A category key as the catalog writes them: lower-case letters only, short. */
export const categoryKeySchema = z.string().regex(/^[a-z]{1,32}$/, "errors:fields.invalid_choice");

/**
 * A document's type is one of its module's categories (CATALOG.md section 3); the library's own
 * module ("documentlibrary") takes any of the 59 assignedType keys.
 */
export function isDocumentType(module: string, type: string): boolean {
  if (module === "documentlibrary") return isAssignedType(type);
  return isCategoryKey(type) && categoryDef(type).module === module;
}

/** Filed under a category: the category must be one of the named module's (section 2). */
export function isAssignedCategory(module: string, type: string): boolean {
  return isAssignedType(type) && ASSIGNED_TYPE_MODULES[type] === module;
}

const INVALID_CHOICE = "errors:fields.invalid_choice";

/** Files accepted for upload, by the type sniffed from their content (the server decides). */
const UPLOAD_CONTENT_TYPES = [
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/heic",
  "image/heif",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/msword",
  "application/vnd.ms-excel",
  "text/plain",
] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

export const UPLOAD_MESSAGES = {
  tooLarge: "errors:documents.file_too_large",
  unsupportedType: "errors:documents.unsupported_type",
} as const;

/** POST /api/documents: a new document (no id) or changed metadata of one (its id). */
export const documentInputSchema = z
  .object({
    id: optionalRef,
    module: z.enum(DOCUMENT_MODULES),
    type: categoryKeySchema,
    fileName: optionalText(),
    description: optionalText(LIMITS.longTextMax),
    lastName: optionalText(),
    assignedModule: z
      .enum(ASSIGNED_MODULES)
      .nullish()
      .transform((value) => value ?? null),
    assignedType: categoryKeySchema.nullish().transform((value) => value ?? null),
    // The app has sent both numbers and strings here; it is kept as text and compared as text.
    assignedCustomPosition: z
      .union([z.string().trim().max(64), z.number().int().min(0).max(1_000_000)])
      .nullish()
      .transform((value) => (value === null || value === undefined || value === "" ? null : String(value))),
    assignedDocument: optionalRef,
    /**
     * A new document uploaded from a record's form: it belongs to no record (assignedDocument is
     * not kept) and is listed nowhere until that record's save links it. Ignored on a change.
     */
    pending: z
      .boolean()
      .optional()
      .transform((value) => value ?? false),
  })
  .superRefine((input, context) => {
    if (!isDocumentType(input.module, input.type)) {
      context.addIssue({ code: "custom", path: ["type"], message: INVALID_CHOICE });
    }
    if (input.assignedType !== null) {
      const known =
        input.assignedModule === null
          ? isAssignedType(input.assignedType)
          : isAssignedCategory(input.assignedModule, input.assignedType);
      if (!known) context.addIssue({ code: "custom", path: ["assignedType"], message: INVALID_CHOICE });
    }
  });
export type DocumentInput = z.output<typeof documentInputSchema>;

const nullableText = z.string().nullable();

/** A row of a document list (the spec's list item, plus what the View button and the field need). */
export const documentListItemSchema = z.object({
  id: z.string(),
  module: z.string(),
  type: z.string(),
  fileName: nullableText,
  lastName: nullableText,
  description: nullableText,
  assignedModule: nullableText,
  assignedType: nullableText,
  assignedCustomPosition: nullableText,
  assignedDocument: nullableText,
  /** Epoch ms: when the document was created. */
  date: z.number(),
  /** The stored file's type (sniffed at upload) and size in bytes; null before any upload. */
  contentType: nullableText,
  size: z.number().nullable(),
});
export type DocumentListItem = z.infer<typeof documentListItemSchema>;

/** One document. The spec's Document entity spells the name `filename`; lists say `fileName`. */
export const documentRecordSchema = documentListItemSchema.extend({
  filename: nullableText,
  createTime: z.number(),
  updateTime: z.number(),
});
export type DocumentRecord = z.infer<typeof documentRecordSchema>;

/** GET /api/documents/{module}/count and its by-subtype form: documents per type. */
export const documentCountsSchema = z.record(z.string(), z.number());
export type DocumentCounts = z.infer<typeof documentCountsSchema>;
