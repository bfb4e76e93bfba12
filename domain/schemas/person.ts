import { z } from "zod";
import { GENDERS, MARITAL_STATUSES, ORIGINS } from "../catalog/personOptions.ts";
import {
  isTypeOfGroup,
  OWN_GROUP,
  PERSON_GROUPS,
  type PersonGroup,
  TYPE_REQUIRED_MESSAGE,
} from "../catalog/relationships.ts";
import { LIMITS } from "../limits.ts";
import { changedBySchema } from "./changedBy.ts";
import { emailListSchema } from "./email.ts";
import {
  countryCode,
  epochMs,
  optionalChoice,
  optionalRef,
  optionalText,
  refList,
  requiredText,
} from "./fields.ts";
import { phoneListSchema, phoneSchema } from "./phone.ts";
import { PHOTO_MESSAGES } from "./photo.ts";

export const PERSON_MESSAGES = {
  firstName: "errors:network.first_name_required",
  group: "errors:network.group_required",
  type: TYPE_REQUIRED_MESSAGE,
  typeOfOtherGroup: "errors:network.type_not_in_group",
} as const;

/**
 * Longest imageSrc accepted: a 5 MB image in base64 inside a data URL. The decoded size is checked
 * exactly on the server; this only stops a far larger string early, with the same message.
 */
export const IMAGE_SRC_MAX_CHARS = Math.ceil((LIMITS.uploadBytesMax * 4) / 3) + 64;

/** Groups whose record keeps relationDetails {dependent, origin}. */
const RELATION_GROUPS: readonly PersonGroup[] = ["child", "dependent", "partner"];

const groupSchema = z.enum(PERSON_GROUPS, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ""
      ? PERSON_MESSAGES.group
      : "errors:fields.invalid_choice",
});

/**
 * Fields kept when absent from an update (key left out), cleared by null or "": the photo and the
 * social number, which a client may not want to send back every time.
 */
const keptUnlessGiven = <T extends z.ZodType>(schema: T) => schema.optional();

const mainDetailsSchema = z.object({
  birthday: epochMs,
  birthcountry: countryCode,
  birthplace: optionalText(),
  citizenship: countryCode,
  firstName: requiredText(PERSON_MESSAGES.firstName),
  gender: optionalChoice(GENDERS),
  lastName: optionalText(),
  maritalStatus: optionalChoice(MARITAL_STATUSES),
  middleName: optionalText(),
  motherMaidenName: optionalText(),
  nickname: optionalText(),
  /** A JPEG or PNG as a data URL or bare base64; null or "" deletes the photo. */
  imageSrc: keptUnlessGiven(
    z
      .string()
      .max(IMAGE_SRC_MAX_CHARS, PHOTO_MESSAGES.size)
      .nullable()
      .transform((value) => value || null),
  ),
  /** The spec's spelling. */
  prefferedName: optionalText(),
  /** A secret: encrypted at rest, answered only on the one person's GET. */
  socialNumber: keptUnlessGiven(
    z
      .string()
      .trim()
      .max(LIMITS.textMax)
      .nullable()
      .transform((value) => value || null),
  ),
});

const contactsSchema = z
  .object({ emergencyContacts: refList(LIMITS.emergencyContactsMax) })
  .nullish()
  .transform((value) => ({ emergencyContacts: value?.emergencyContacts ?? [] }));

const importantDatesSchema = z
  .object({ death: epochMs, divorce: epochMs, marriage: epochMs, separation: epochMs })
  .nullish()
  .transform((value) => ({
    death: value?.death ?? null,
    divorce: value?.divorce ?? null,
    marriage: value?.marriage ?? null,
    separation: value?.separation ?? null,
  }));

const relationDetailsSchema = z
  .object({
    dependent: z
      .boolean()
      .nullish()
      .transform((value) => value ?? null),
    origin: optionalChoice(ORIGINS),
    /** Revealed by origin "other". */
    originOther: optionalText(),
  })
  .nullish();

/**
 * The spec's person record as the Edit Contact form saves it (POST /api/pn/person). Unknown keys
 * are dropped, so a record read with GET can be sent back as it is. Rules: group from the catalog;
 * type required and of that group except for "me" (whose type is always null); first name required;
 * texts at most 256, notes 2048; at most 5 emails and 5 phones. Fields that do not belong to the
 * group are answered as null: relationDetails (child, dependent, partner), currentPartner (partner,
 * default true), businessAddress and companyName (advisor), otherType (type "other").
 */
export const personInputSchema = z
  .object({
    id: optionalRef,
    group: groupSchema,
    type: z.string().trim().max(LIMITS.textMax).nullish(),
    contactDetails: z
      .object({ emails: emailListSchema, phones: phoneListSchema })
      .nullish()
      .transform((value) => ({ emails: value?.emails ?? [], phones: value?.phones ?? [] })),
    homeAddress: optionalRef,
    mailingAddress: optionalRef,
    iceDetails: contactsSchema,
    kinDetails: contactsSchema,
    importantDates: importantDatesSchema,
    // Missing details still name their first field: mainDetails.firstName.
    mainDetails: z.preprocess((value) => value ?? {}, mainDetailsSchema),
    notes: optionalText(LIMITS.longTextMax),
    relationDetails: relationDetailsSchema,
    currentPartner: z.boolean().nullish(),
    businessAddress: optionalRef,
    companyName: optionalRef,
    otherType: optionalText(),
  })
  .superRefine((person, context) => {
    if (person.group === OWN_GROUP) return;
    if (!person.type) {
      context.addIssue({ code: "custom", path: ["type"], message: PERSON_MESSAGES.type });
    } else if (!isTypeOfGroup(person.group, person.type)) {
      context.addIssue({ code: "custom", path: ["type"], message: PERSON_MESSAGES.typeOfOtherGroup });
    }
  })
  .transform((person) => {
    const type = person.group === OWN_GROUP ? null : (person.type ?? null);
    const relation = RELATION_GROUPS.includes(person.group) ? person.relationDetails : null;
    return {
      ...person,
      type,
      relationDetails:
        relation === null || relation === undefined
          ? RELATION_GROUPS.includes(person.group)
            ? { dependent: null, origin: null, originOther: null }
            : null
          : { ...relation, originOther: relation.origin === "other" ? relation.originOther : null },
      currentPartner: person.group === "partner" ? (person.currentPartner ?? true) : null,
      businessAddress: person.group === "advisor" ? person.businessAddress : null,
      companyName: person.group === "advisor" ? person.companyName : null,
      otherType: type === "other" ? person.otherType : null,
    };
  });

export type PersonInput = z.output<typeof personInputSchema>;
/** A person as the form sends it, before the schema's defaults. */
export type PersonSaveBody = z.input<typeof personInputSchema>;

const nullableText = z.string().nullable();
const nullableNumber = z.number().nullable();

/** The dates of a person's life the file keeps (epoch ms), as the API answers and the form edits them. */
export const importantDatesAnswerSchema = z.object({
  death: nullableNumber,
  divorce: nullableNumber,
  marriage: nullableNumber,
  separation: nullableNumber,
});
export type ImportantDates = z.infer<typeof importantDatesAnswerSchema>;

const contactsAnswerSchema = z.object({ emergencyContacts: z.array(z.string()) });

/** The references of a person to others of the network, as the API answers and the form edits them. */
const personLinksShape = {
  homeAddress: nullableText,
  mailingAddress: nullableText,
  iceDetails: contactsAnswerSchema,
  kinDetails: contactsAnswerSchema,
};
export type PersonLinks = z.infer<z.ZodObject<typeof personLinksShape>>;

const contactDetailsAnswerSchema = z.object({ emails: z.array(z.string()), phones: z.array(phoneSchema) });

/** One person as GET /api/pn/person and GET /api/pn/person/{group}/{id} answer it. */
export const personRecordSchema = z.object({
  ...personLinksShape,
  id: z.string(),
  createTime: z.number(),
  updateTime: z.number(),
  group: z.enum(PERSON_GROUPS),
  type: nullableText,
  contactDetails: contactDetailsAnswerSchema,
  importantDates: importantDatesAnswerSchema,
  mainDetails: z.object({
    birthday: nullableNumber,
    birthcountry: nullableText,
    birthplace: nullableText,
    citizenship: nullableText,
    firstName: z.string(),
    gender: nullableText,
    lastName: nullableText,
    maritalStatus: nullableText,
    middleName: nullableText,
    motherMaidenName: nullableText,
    nickname: nullableText,
    /** data:image/jpeg;base64,... at most 512x512, or null. */
    imageSrc: nullableText,
    prefferedName: nullableText,
    socialNumber: nullableText,
  }),
  notes: nullableText,
  relationDetails: z
    .object({ dependent: z.boolean().nullable(), origin: nullableText, originOther: nullableText })
    .nullable(),
  currentPartner: z.boolean().nullable(),
  businessAddress: nullableText,
  companyName: nullableText,
  otherType: nullableText,
  /** Who saved it last, on the file's own routes. */
  changedBy: changedBySchema.optional(),
});
export type PersonRecord = z.infer<typeof personRecordSchema>;

/** One person of a group list: what cards, the family tree and the contact popup need. */
export const personListItemSchema = z.object({
  id: z.string(),
  createTime: z.number(),
  group: z.enum(PERSON_GROUPS),
  type: nullableText,
  mainDetails: z.object({
    firstName: z.string(),
    lastName: nullableText,
    birthday: nullableNumber,
    /** A small JPEG (162 px) for avatars, only for family-tree groups; null otherwise. */
    imageSrc: nullableText,
  }),
  /** The first phone and email at most, for the contact popup. */
  contactDetails: contactDetailsAnswerSchema,
});
export type PersonListItem = z.infer<typeof personListItemSchema>;

/** ?reveal=socialNumber: a person read with the social number in clear (each reveal is logged). */
export const personRevealQuerySchema = z.object({ reveal: z.enum(["socialNumber"]).optional() });
