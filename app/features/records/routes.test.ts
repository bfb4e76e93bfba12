import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { documentsFieldModule } from "../../components/fields/documentsFieldModule.ts";
import { recordModuleRoutes } from "./routes.ts";

describe("a record form's route", () => {
  it("resolves with the documents field's code in, so the form is drawn with its field", async () => {
    const category = recordModuleRoutes("passwordvault").children?.find(
      (route) => route.path === ":category",
    );
    const add = category?.children?.find((route: RouteObject) => route.path === "add");
    expect(documentsFieldModule.loaded()).toBeNull();
    const lazy = add?.lazy as () => Promise<{ Component?: unknown }>;
    const resolved = await lazy();
    expect(resolved.Component).toBeTypeOf("function");
    expect(documentsFieldModule.loaded()?.DocumentsField).toBeTypeOf("function");
  });
});
