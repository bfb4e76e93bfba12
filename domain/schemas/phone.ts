import {
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from "libphonenumber-js";
import { z } from "zod";
import { DEFAULT_PHONE_TYPE, PHONE_TYPES } from "../catalog/phones.ts";
import { LIMITS } from "../limits.ts";
import { boundedList, optionalChoice } from "./fields.ts";

/**
 * A stored phone: `code` is the ISO region of the number (e.g. "CA"; null for non-geographic
 * numbers such as +800), `number` is E.164 ("+14165550123"), `type` one of the spec's phone types.
 */
export const phoneSchema = z.object({
  code: z.string().nullable(),
  number: z.string(),
  type: z.enum(PHONE_TYPES),
});
export type Phone = z.infer<typeof phoneSchema>;

/**
 * One phone row as the form sends it: `code` the ISO region picked beside the number, `number` as
 * typed (national, or international with +). An empty number clears the row (the spec: emptying a
 * number clears its code and number), and the list drops it.
 */
export const phoneRowSchema = z
  .object({
    code: z.string().trim().max(8).nullish(),
    number: z.string().trim().max(LIMITS.textMax).nullish(),
    type: optionalChoice(PHONE_TYPES),
  })
  .transform((row, context): Phone | null => {
    if (!row.number) return null;
    const region = row.code ? row.code.toUpperCase() : undefined;
    if (region !== undefined && !isSupportedCountry(region)) {
      context.addIssue({ code: "custom", path: ["code"], message: "errors:fields.invalid_choice" });
      return z.NEVER;
    }
    if (region === undefined && !row.number.startsWith("+")) {
      context.addIssue({ code: "custom", path: ["code"], message: "errors:network.phone_country_required" });
      return z.NEVER;
    }
    const parsed = parsePhoneNumberFromString(row.number, region as CountryCode | undefined);
    if (parsed === undefined || !parsed.isValid()) {
      context.addIssue({ code: "custom", path: ["number"], message: "errors:network.invalid_phone" });
      return z.NEVER;
    }
    // Regions sharing a calling code (CA and US: +1) share numbers such as toll-free ones: the
    // region picked is kept unless the number belongs to another calling code.
    const samePlan =
      region !== undefined && getCountryCallingCode(region as CountryCode) === parsed.countryCallingCode;
    return {
      code: samePlan ? region : (parsed.country ?? null),
      number: parsed.number,
      type: row.type ?? DEFAULT_PHONE_TYPE,
    };
  });

/** Up to 5 rows, answered normalised, without cleared rows or repeated numbers. */
export const phoneListSchema = boundedList(phoneRowSchema, LIMITS.multiValueRowsMax).transform((rows) => {
  const seen = new Set<string>();
  return rows.filter((row): row is Phone => {
    if (row === null || seen.has(row.number)) return false;
    seen.add(row.number);
    return true;
  });
});

/** The spec's display: international format ("+1 416 555 0123"), or a dash when there is none. */
export function formatPhone(phone: Pick<Phone, "number"> | null | undefined): string {
  if (!phone?.number) return "-";
  return parsePhoneNumberFromString(phone.number)?.formatInternational() ?? phone.number;
}
