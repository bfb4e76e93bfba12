import { z } from "zod";
import {
  ASSIGNED_MODULES,
  categoryKeySchema,
  DOCUMENT_MODULES,
  documentCountsSchema,
  documentInputSchema,
  documentListItemSchema,
  documentRecordSchema,
  isAssignedCategory,
  isDocumentType,
} from "../schemas/document.ts";

const id = z.string().max(64);
const module = z.enum(DOCUMENT_MODULES);
const fileName = z.string().max(1024);
const categoryOf = <S extends z.ZodType<{ module: string; type: string }>>(schema: S): S =>
  schema.refine((params) => isDocumentType(params.module, params.type), {
    path: ["type"],
    message: "errors:fields.invalid_choice",
  });
const assignedOf = <S extends z.ZodType<{ subtype: string; type: string }>>(schema: S): S =>
  schema.refine((params) => isAssignedCategory(params.subtype, params.type), {
    path: ["type"],
    message: "errors:fields.invalid_choice",
  });
const typeParams = categoryOf(z.object({ module, type: categoryKeySchema }));
const documentParams = categoryOf(z.object({ module, type: categoryKeySchema, id }));
const fileParams = categoryOf(z.object({ module, type: categoryKeySchema, id, fileName }));
const subtype = z.enum(ASSIGNED_MODULES);
const inlineQuery = z.object({ inline: z.enum(["1", "true", "0", "false"]).optional() });
const documentList = z.array(documentListItemSchema);
/** A stored file as sent (its own type), as an attachment or, with `inline`, for the browser's viewer. */
const storedFile = z.string().describe("the stored file, in its own content type");

export const documentsTypes = {
  /** Creates (without id) or changes a document's metadata; answers its id as a JSON string. */
  save: { body: documentInputSchema, response: z.string() },
  /** multipart/form-data with one `file` part; answers the document with its stored file. */
  upload: { params: documentParams, response: documentRecordSchema },
  list: { params: typeParams, response: documentList },
  counts: { params: z.object({ module }), response: documentCountsSchema },
  /** Documents per type filed under another module's category. */
  countAssigned: {
    params: assignedOf(z.object({ module, subtype, type: categoryKeySchema })),
    response: documentCountsSchema,
  },
  /** The documents attached to the owner's records. */
  onRecords: { response: documentList },
  /** The documents attached to one record. */
  attachedTo: { params: z.object({ id }), response: documentList },
  read: { params: documentParams, response: documentRecordSchema },
  download: { params: fileParams, query: inlineQuery, response: storedFile },
  /** The download's variant with the filing as its extra segment, as the assigned count names it. */
  downloadFiled: {
    params: assignedOf(z.object({ module, subtype, type: categoryKeySchema, id, fileName })),
    query: inlineQuery,
    response: storedFile,
  },
  /** Removes the stored file only; a name that is not the stored one is refused. */
  removeFile: { params: fileParams, response: z.null() },
  /** Deletes an upload of a record's form left unsaved; one its record's save kept stays. */
  discardPending: { params: z.object({ id }), response: z.null() },
  remove: { params: documentParams, response: z.null() },
};
