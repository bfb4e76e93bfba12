import { z } from "zod";
import { CANADA, UNITED_KINGDOM } from "../catalog/countryCodes.ts";
import { PROVINCE_NAMES } from "../catalog/provinces.ts";
import { isUkCounty } from "../catalog/ukCounties.ts";
import { lastChangeShape } from "./changedBy.ts";
import { countryCode, optionalRef, optionalText, requiredText } from "./fields.ts";

/** The spec's one message for a missing, too long or repeated nickname. */
export const NICKNAME_MESSAGE = "errors:network.nickname_not_unique";

/** An address's fields, each on its own: what a vCard's address is made of (`vcard.ts`) before the country's rules apply. */
export const addressFieldsSchema = z.object({
  id: optionalRef,
  name: requiredText(NICKNAME_MESSAGE),
  addressLine1: optionalText(),
  addressLine2: optionalText(),
  mainIntersection: optionalText(),
  city: optionalText(),
  state: optionalText(),
  province: optionalText(),
  county: optionalText(),
  country: countryCode,
  zip: optionalText(),
});

/**
 * An address of the address picker. Province is one of the 13 English names for Canada (stored as
 * the spec stores it; "quebec" is accepted as "Quebec"), county one of the grouped list for the
 * United Kingdom, and free text for other countries. The nickname's uniqueness among the owner's
 * addresses is the server's check (and the form's, against the loaded list).
 */
export const addressInputSchema = addressFieldsSchema.transform((address, context) => {
  let province = address.province;
  if (address.country === CANADA && province !== null) {
    const lower = province.toLowerCase();
    const name = PROVINCE_NAMES.find((candidate) => candidate.toLowerCase() === lower);
    if (name === undefined) {
      context.addIssue({ code: "custom", path: ["province"], message: "errors:fields.invalid_choice" });
      return z.NEVER;
    }
    province = name;
  }
  if (address.country === UNITED_KINGDOM && address.county !== null && !isUkCounty(address.county)) {
    context.addIssue({ code: "custom", path: ["county"], message: "errors:fields.invalid_choice" });
    return z.NEVER;
  }
  return { ...address, province };
});

export type AddressInput = z.output<typeof addressInputSchema>;

const nullableText = z.string().nullable();

/** An address as the API answers it. */
export const addressSchema = z.object({
  id: z.string(),
  name: z.string(),
  addressLine1: nullableText,
  addressLine2: nullableText,
  mainIntersection: nullableText,
  city: nullableText,
  state: nullableText,
  province: nullableText,
  county: nullableText,
  country: nullableText,
  zip: nullableText,
  ...lastChangeShape,
});
export type Address = z.infer<typeof addressSchema>;

/** The form of a nickname compared for uniqueness: "Home " and "home" are the same nickname. */
export function nicknameKey(name: string): string {
  return name.normalize("NFC").trim().toLowerCase();
}

/** Where an address is used: DELETE /api/address/{id} lists these when it refuses (409 address_in_use). */
export type AddressUsage = { kind: "person" | "institution"; id: string; name: string };
