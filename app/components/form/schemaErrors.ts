import type { z } from "zod";

/** A field problem before translation: a message key ("ns:key") and its placeholder values. */
export type FieldMessage = { key: string; params: Record<string, unknown> };

/** Messages a domain schema writes as "ns:key" are translation keys and win over the generic ones. */
const TRANSLATION_KEY = /^[a-z][\w-]*:[\w.-]+$/;

/**
 * The key of a zod issue the schema gave no message for, as the server names it
 * (server/errors/validation-fields.ts), so a field reads the same before and after sending.
 */
function genericKey(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "too_big":
      return issue.origin === "string" ? "too_long" : issue.origin === "array" ? "too_many" : "too_big";
    case "too_small":
      if (issue.origin === "string") return issue.minimum === 1 ? "required" : "too_short";
      return issue.origin === "array" ? "too_few" : "too_small";
    case "invalid_format":
      if (issue.format === "email") return "invalid_email";
      if (issue.format === "url") return "invalid_url";
      return issue.format === "uuid" ? "invalid_uuid" : "invalid_format";
    case "invalid_value":
      return "invalid_choice";
    case "invalid_type":
      return "invalid_type";
    default:
      return "invalid";
  }
}

/** The placeholder values a message may use: the issue's numbers ({{maximum}}, {{minimum}}). */
function paramsOf(issue: z.core.$ZodIssue): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(issue).filter(([, value]) => typeof value === "number" || typeof value === "bigint"),
  );
}

/** The checked value at an issue's path (undefined when the path leads nowhere). */
function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let node = values;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

function messageOf(issue: z.core.$ZodIssue, value: unknown): FieldMessage {
  const params = paramsOf(issue);
  if (TRANSLATION_KEY.test(issue.message)) return { key: issue.message, params };
  // As on the server: a field left empty (null or absent) is "required", not of the wrong type.
  if (value === undefined || value === null) return { key: "errors:fields.required", params: {} };
  return { key: `errors:fields.${genericKey(issue)}`, params };
}

/**
 * Checks `values` against a domain schema and answers the first problem of each field, keyed by
 * its dotted path ("mainDetails.firstName", "contactDetails.phones.1.number"): the same keys the
 * server uses in `error.fields`, and the same paths as the form's inputs.
 */
export function schemaFieldMessages(schema: z.ZodType, values: unknown): Record<string, FieldMessage> {
  const result = schema.safeParse(values);
  const messages: Record<string, FieldMessage> = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join(".");
    if (!Object.hasOwn(messages, path)) messages[path] = messageOf(issue, valueAt(values, issue.path));
  }
  return messages;
}
