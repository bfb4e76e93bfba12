import { z } from "zod";
import { LIMITS } from "../limits.ts";
import { lastChangeShape } from "./changedBy.ts";
import { emailListSchema } from "./email.ts";
import { optionalRef, optionalText, requiredText } from "./fields.ts";
import { phoneListSchema, phoneSchema } from "./phone.ts";

/**
 * A web address: http(s) with a host name, at most 256 characters; a bare domain such as
 * "example.com" is taken as https://example.com.
 */
export const websiteSchema = optionalText().transform((value, context) => {
  if (value === null) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    context.addIssue({ code: "custom", message: "errors:fields.invalid_url" });
    return z.NEVER;
  }
  const hostOk = url.hostname === "localhost" || /^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname);
  if ((url.protocol !== "https:" && url.protocol !== "http:") || !hostOk || url.username || url.password) {
    context.addIssue({ code: "custom", message: "errors:fields.invalid_url" });
    return z.NEVER;
  }
  if (withScheme.length > LIMITS.textMax) {
    context.addIssue({ code: "custom", message: "errors:fields.invalid_url" });
    return z.NEVER;
  }
  return withScheme;
});

/** The spec's company (institution). Its name's message is the spec's, literally. */
export const institutionInputSchema = z.object({
  id: optionalRef,
  name: requiredText("errors:network.company_name_required"),
  website: websiteSchema,
  phones: phoneListSchema,
  emails: emailListSchema,
  address: optionalRef,
});

export type InstitutionInput = z.output<typeof institutionInputSchema>;

/** An institution as the API answers it. */
export const institutionSchema = z.object({
  id: z.string(),
  name: z.string(),
  website: z.string().nullable(),
  phones: z.array(phoneSchema),
  emails: z.array(z.string()),
  address: z.string().nullable(),
  ...lastChangeShape,
});
export type Institution = z.infer<typeof institutionSchema>;
/** A company as the form sends it, before the schema's defaults. */
export type InstitutionSaveBody = z.input<typeof institutionInputSchema>;
