import { z } from "zod";
import { addressInputSchema, addressSchema } from "../schemas/address.ts";

export const addressesTypes = {
  list: { response: z.array(addressSchema) },
  /** Creates (no id) or updates (with id); answers the address as saved. */
  save: { body: addressInputSchema, response: addressSchema },
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
