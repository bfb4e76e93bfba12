import type { FastifySchemaValidationError } from "fastify";

/** A field problem before translation: a message key and its placeholder values. */
export type FieldProblem = { key: string; params: Record<string, unknown> };

/** Messages written as "ns:key" in a domain schema are translation keys and win over the generic ones. */
const TRANSLATION_KEY = /^[a-z][\w-]*:[\w.-]+$/;

function segments(instancePath: string): string[] {
  return instancePath.split("/").filter((part) => part !== "");
}

function valueAt(data: unknown, path: string[]): unknown {
  let node = data;
  for (const part of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function genericProblem(issue: FastifySchemaValidationError, value: unknown): FieldProblem {
  const { params } = issue;
  const origin = params.origin;
  // Empty values reach the API as null or a missing key: both mean the field was left out.
  if (value === undefined || value === null) return { key: "required", params: {} };
  switch (issue.keyword) {
    case "invalid_type":
      return { key: "invalid_type", params: {} };
    case "too_big":
      if (origin === "string") return { key: "too_long", params };
      if (origin === "array" || origin === "set") return { key: "too_many", params };
      return { key: "too_big", params };
    case "too_small":
      if (origin === "string") return { key: params.minimum === 1 ? "required" : "too_short", params };
      if (origin === "array" || origin === "set") return { key: "too_few", params };
      return { key: "too_small", params };
    case "invalid_format":
      if (params.format === "email") return { key: "invalid_email", params };
      if (params.format === "url") return { key: "invalid_url", params };
      if (params.format === "uuid" || params.format === "guid") return { key: "invalid_uuid", params };
      return { key: "invalid_format", params };
    case "invalid_value":
      return { key: "invalid_choice", params };
    default:
      return { key: "invalid", params };
  }
}

/**
 * Turns the zod issues fastify-type-provider-zod reports into one problem per field, keyed by the
 * field's dotted path in the request part (body, query or params) that failed. The first problem
 * of a field is the one shown. Problems of the request as a whole (not an object at all) have no
 * field and are left to the error's main message.
 */
export function fieldProblems(
  issues: readonly FastifySchemaValidationError[],
  data: unknown,
): Record<string, FieldProblem> {
  const fields: Record<string, FieldProblem> = {};
  const add = (path: string[], problem: FieldProblem) => {
    const name = path.join(".");
    if (name !== "" && !Object.hasOwn(fields, name)) fields[name] = problem;
  };
  for (const issue of issues) {
    const path = segments(issue.instancePath);
    if (issue.keyword === "unrecognized_keys" && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys) add([...path, String(key)], { key: "unknown_field", params: {} });
      continue;
    }
    const message = issue.message ?? "";
    add(
      path,
      TRANSLATION_KEY.test(message)
        ? { key: message, params: issue.params }
        : genericProblem(issue, valueAt(data, path)),
    );
  }
  return fields;
}
