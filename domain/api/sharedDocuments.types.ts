import { z } from "zod";
import {
  categoryKeySchema,
  DOCUMENT_MODULES,
  documentListItemSchema,
  documentRecordSchema,
  isDocumentType,
} from "../schemas/document.ts";

const id = z.string().max(64);
const documentQuery = z
  .object({ documentModule: z.enum(DOCUMENT_MODULES), documentType: categoryKeySchema })
  .refine((query) => isDocumentType(query.documentModule, query.documentType), {
    path: ["documentType"],
    message: "errors:fields.invalid_choice",
  });

/** A released nominee's reads of the owner's shared documents; views and downloads are logged. */
export const sharedDocumentsTypes = {
  /** A shared type's documents. */
  list: {
    params: z.object({ nomineeId: id }),
    query: documentQuery,
    response: z.array(documentListItemSchema),
  },
  /** The documents a shared record names or holds. */
  ofRecord: { params: z.object({ nomineeId: id, recordId: id }), response: z.array(documentListItemSchema) },
  read: { params: z.object({ nomineeId: id, id }), query: documentQuery, response: documentRecordSchema },
  /** The stored file, as an attachment or, with `inline`, for the browser's viewer. */
  download: {
    params: z.object({
      nomineeId: id,
      documentType: z.string().max(64),
      documentId: id,
      fileName: z.string().max(1024),
    }),
    query: z.object({ inline: z.enum(["1", "true", "0", "false"]).optional() }),
    response: z.string().describe("the stored file, in its own content type"),
  },
};
