import { describe, expect, it } from "vitest";
import { z } from "zod";
import { schemaFieldMessages } from "./schemaErrors.ts";

const schema = z.object({
  amount: z.number().int().max(10),
  note: z.string().max(3, { error: "errors:custom.note" }),
  nested: z.object({ count: z.number() }),
});

describe("schemaFieldMessages", () => {
  it("names an empty field required, as the server does, whatever type it wants", () => {
    expect(schemaFieldMessages(schema, { amount: null, note: "", nested: {} })).toEqual({
      amount: { key: "errors:fields.required", params: {} },
      "nested.count": { key: "errors:fields.required", params: {} },
    });
  });

  it("keeps the generic key of a value given, and a schema's own key first", () => {
    expect(schemaFieldMessages(schema, { amount: 11, note: "long", nested: { count: "x" } })).toEqual({
      amount: { key: "errors:fields.too_big", params: { maximum: 10 } },
      note: { key: "errors:custom.note", params: { maximum: 3 } },
      "nested.count": { key: "errors:fields.invalid_type", params: {} },
    });
  });
});
