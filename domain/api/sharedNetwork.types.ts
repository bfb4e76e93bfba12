import { z } from "zod";
import { PERSON_GROUPS } from "../catalog/relationships.ts";
import { addressSchema } from "../schemas/address.ts";
import { institutionSchema } from "../schemas/institution.ts";
import { personListItemSchema, personRecordSchema, personRevealQuerySchema } from "../schemas/person.ts";

const id = z.string().max(64);

/** A released nominee's reads of the owner's personal network, as far as the grant shows it. */
export const sharedNetworkTypes = {
  /** A group's cards (the persons the grant shows); the read is in the owner's log. */
  persons: {
    params: z.object({ nomineeId: id }),
    query: z.object({ personGroup: z.enum(PERSON_GROUPS) }),
    response: z.array(personListItemSchema),
  },
  /** A person; `reveal=socialNumber` answers the social number in clear (logged). */
  person: { params: z.object({ id }), query: personRevealQuerySchema, response: personRecordSchema },
  /** An address or a company, read as part of the person or record that names it. */
  address: { params: z.object({ id }), response: addressSchema },
  institution: { params: z.object({ id }), response: institutionSchema },
};
