import { z } from "zod";
import { OWN_GROUP, PERSON_GROUPS } from "../catalog/relationships.ts";
import { LIMITS } from "../limits.ts";
import { addressFieldsSchema } from "./address.ts";
import { emailListSchema } from "./email.ts";
import { epochMs, optionalRef, optionalText, requiredText } from "./fields.ts";
import { institutionInputSchema } from "./institution.ts";
import { PERSON_MESSAGES } from "./person.ts";
import { phoneListSchema } from "./phone.ts";

/** What a vCard import accepts: one .vcf of at most 1 MB holding at most 500 cards. */
export const VCARD_LIMITS = { fileBytes: 1024 * 1024, cards: 500 } as const;

/**
 * An address a card carries (ADR), in the address book's fields; it gets a nickname (the person's
 * name) when it is saved, and the address book's own rules then (provinces of Canada, counties of
 * the United Kingdom).
 */
export const cardAddressSchema = addressFieldsSchema
  .omit({ id: true, name: true, mainIntersection: true })
  .nullish()
  .transform((address) => address ?? null);
export type CardAddress = z.output<typeof cardAddressSchema>;

/**
 * What a vCard carries of a person, checked with the person record's own rules (names and texts at
 * most 256, notes 2048, at most 5 emails and 5 phones). The import answers it for each likely
 * duplicate, and the client sends it back with the owner's decision.
 */
export const personCardSchema = z.object({
  firstName: requiredText(PERSON_MESSAGES.firstName),
  middleName: optionalText(),
  lastName: optionalText(),
  nickname: optionalText(),
  birthday: epochMs,
  emails: emailListSchema,
  phones: phoneListSchema,
  notes: optionalText(LIMITS.longTextMax),
  homeAddress: cardAddressSchema,
  mailingAddress: cardAddressSchema,
  /** The relationship type the card names (Kinfile's own exports do), kept when the import's group has it. */
  relationship: optionalText(),
});
export type PersonCard = z.output<typeof personCardSchema>;

/** What a vCard carries of an institution, checked with the institution's own rules, and its address. */
export const institutionCardSchema = institutionInputSchema
  .pick({ name: true, website: true, phones: true, emails: true })
  .extend({ address: cardAddressSchema });
export type InstitutionCard = z.output<typeof institutionCardSchema>;

/** Groups an import may file persons in: any but the owner's own "me". */
const IMPORT_GROUPS = PERSON_GROUPS.filter((group) => group !== OWN_GROUP) as [string, ...string[]];

/**
 * Where imported persons go: a group (the network circle by default) and a relationship type of it
 * ("other" by default, which every group but the family tree's has; the schema of the person checks it).
 */
export const personVcardTargetSchema = z.object({
  group: z.enum(IMPORT_GROUPS).default("networkperson"),
  type: z.string().trim().max(LIMITS.textMax).default("other"),
});
export type PersonVcardTarget = z.output<typeof personVcardTargetSchema>;

/** GET .../vcard: every one of the owner's persons (or institutions), or only the one named. */
export const vcardExportQuerySchema = z.object({ id: z.uuid().optional() });

/** GET /api/pn/person/vcard: also `?group=` for one group's persons (a list page's export). */
export const personVcardExportQuerySchema = vcardExportQuerySchema.extend({
  group: z.enum(PERSON_GROUPS).optional(),
});

/** A saved record the import names: for what it created, and the candidates of a duplicate. */
export type VcardNamedRecord = { id: string; name: string };

/**
 * The answer of POST .../vcard: what was created, and each card that looks like someone already
 * in the file (same name, email or phone), with its candidates, left for the owner to decide.
 */
export type VcardImportResult<Card> = {
  created: VcardNamedRecord[];
  /** Each candidate with its own card fields, so that both can be shown side by side. */
  duplicates: { card: Card; name: string; candidates: (VcardNamedRecord & { card: Card })[] }[];
};

/**
 * The owner's decision on one likely duplicate: merge it into one of the candidates (filling only
 * the fields left empty there, unless `overwrite`), create it anyway, or skip it.
 */
function decisionSchema<T extends z.ZodType>(card: T) {
  return z
    .object({
      card,
      action: z.enum(["merge", "create", "skip"]),
      targetId: optionalRef,
      overwrite: z.boolean().default(false),
    })
    .refine((decision) => decision.action !== "merge" || decision.targetId !== null, {
      path: ["targetId"],
      message: "errors:fields.required",
    });
}

export const personVcardDecisionsSchema = personVcardTargetSchema.extend({
  decisions: z.array(decisionSchema(personCardSchema)).max(VCARD_LIMITS.cards),
});
export type PersonVcardDecisions = z.output<typeof personVcardDecisionsSchema>;

export const institutionVcardDecisionsSchema = z.object({
  decisions: z.array(decisionSchema(institutionCardSchema)).max(VCARD_LIMITS.cards),
});
export type InstitutionVcardDecisions = z.output<typeof institutionVcardDecisionsSchema>;

/** The answer of POST .../vcard/decisions: what was created and what was merged. */
export type VcardDecisionsResult = { created: VcardNamedRecord[]; merged: VcardNamedRecord[] };

const namedRecordSchema = z.object({ id: z.string(), name: z.string() });

/** A card as an import answers it: the kind's card fields, declared by the kind's own schema. */
const answeredCard = <Card>() => z.record(z.string(), z.unknown()) as unknown as z.ZodType<Card, Card>;

/** The schema of an import's answer for a kind's cards. */
export function vcardImportResultSchema<Card>(): z.ZodType<VcardImportResult<Card>, VcardImportResult<Card>> {
  const card = answeredCard<Card>();
  return z.object({
    created: z.array(namedRecordSchema),
    duplicates: z.array(
      z.object({ card, name: z.string(), candidates: z.array(namedRecordSchema.extend({ card })) }),
    ),
  });
}

export const vcardDecisionsResultSchema: z.ZodType<VcardDecisionsResult, VcardDecisionsResult> = z.object({
  created: z.array(namedRecordSchema),
  merged: z.array(namedRecordSchema),
});

/** A .vcf download (text/vcard), as an attachment. */
export const vcardFileSchema = z.string().describe("text/vcard; charset=utf-8, as an attachment");
