import { describe, expect, it } from "vitest";
import { closure, type Manifest, routeFiles } from "./bundle.ts";

const manifest: Manifest = {
  "main.tsx": { file: "assets/main.js", isEntry: true, imports: ["_vendor"], css: ["assets/main.css"] },
  _vendor: { file: "assets/vendor.js" },
  "features/login/LoginPage.tsx": {
    file: "assets/login.js",
    src: "features/login/LoginPage.tsx",
    isDynamicEntry: true,
    imports: ["_vendor", "_form"],
  },
  _form: { file: "assets/form.js", css: ["assets/form.css"], imports: ["_vendor"] },
};

describe("bundle weighing", () => {
  it("follows static imports once, with their CSS", () => {
    expect([...closure(manifest, "features/login/LoginPage.tsx")].sort()).toEqual([
      "assets/form.css",
      "assets/form.js",
      "assets/login.js",
      "assets/vendor.js",
    ]);
  });

  it("counts the entry in every route", () => {
    const routes = routeFiles(manifest);
    expect([...(routes.get("entry") ?? [])].sort()).toEqual([
      "assets/main.css",
      "assets/main.js",
      "assets/vendor.js",
    ]);
    expect(routes.get("features/login/LoginPage.tsx")?.has("assets/main.js")).toBe(true);
  });
});
