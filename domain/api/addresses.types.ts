import { z } from "zod";
import { addressInputSchema, addressSchema } from "../schemas/address.ts";
import { editConflictSchema, etagHeaders, ifMatchHeaders } from "./versions.ts";

/** A nickname another address of the owner has already: 409 conflict naming the field. */
const nicknameTakenSchema = z.object({
  error: z.object({
    code: z.literal("conflict"),
    message: z.string(),
    fields: z.record(z.string(), z.string()),
  }),
});

/** An address of the owner's book with its version, which a save of it names in If-Match. */
const versionedAddressSchema = addressSchema.extend({
  version: z.number().int().describe('The version, as the ETag of a save names it ("3" is 3)'),
});

export const addressesTypes = {
  list: { response: z.array(versionedAddressSchema) },
  /**
   * Creates (no id) or updates (with id); answers the address as saved with its version, also its
   * ETag. An update with If-Match writes only while the address is still that version (409
   * edit_conflict otherwise); a nickname already taken answers 409 conflict.
   */
  save: {
    headers: ifMatchHeaders,
    body: addressInputSchema,
    response: versionedAddressSchema,
    responseHeaders: etagHeaders,
    errors: { 409: z.union([editConflictSchema(addressSchema), nicknameTakenSchema]) },
  },
  /** `confirm=true` clears the references of an address still in use, else 409 address_in_use lists them. */
  remove: {
    params: z.object({ id: z.string().max(64) }),
    query: z.object({
      confirm: z
        .enum(["true", "false"])
        .optional()
        .transform((value) => value === "true"),
    }),
    response: z.null(),
  },
  /** The address book as a CSV download (text/csv), in the reader's language. */
  csv: { response: z.string().describe("text/csv; charset=utf-8, as an attachment") },
};
