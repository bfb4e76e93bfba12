import { z } from "zod";
import { fileExportHeadSchema } from "../../../domain/schemas/file-export.ts";
import { FILE_KINDS } from "../../file/kinds.ts";

/**
 * The archive's JSON document as an import checks it: the head and the nominees, then each kind's
 * part with its entries' schema. A part the archive lacks holds none: an archive exported before
 * a kind was added still imports.
 */
export const fileExportSchema = fileExportHeadSchema.extend(
  Object.fromEntries(
    FILE_KINDS.map(({ portability }) => [portability.part, z.array(portability.entry).default([])]),
  ),
);
