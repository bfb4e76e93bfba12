import { describe, expect, it } from "vitest";
import type { Manifest } from "../web/vite-manifest.ts";
import { drawnPageFiles, routeFiles } from "./bundle.ts";

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

/** The sign-in page's own entry, built apart (web/prerender-plugin.ts), with a screen it loads lazily. */
const drawnPages: Manifest = {
  "signInIsland.tsx": {
    file: "assets/island.js",
    src: "signInIsland.tsx",
    isEntry: true,
    imports: ["_startup"],
    css: ["assets/island.css"],
  },
  _startup: { file: "assets/startup.js", dynamicImports: ["features/login/TwoFactorStep.tsx"] },
  "features/login/TwoFactorStep.tsx": {
    file: "assets/two-factor.js",
    src: "features/login/TwoFactorStep.tsx",
    isDynamicEntry: true,
    imports: ["_startup"],
  },
};

describe("bundle weighing", () => {
  it("counts the entry in every route, following static imports once, with their CSS", () => {
    const routes = routeFiles(manifest);
    expect([...(routes.get("entry") ?? [])].sort()).toEqual([
      "assets/main.css",
      "assets/main.js",
      "assets/vendor.js",
    ]);
    expect([...(routes.get("features/login/LoginPage.tsx") ?? [])].sort()).toEqual([
      "assets/form.css",
      "assets/form.js",
      "assets/login.js",
      "assets/main.css",
      "assets/main.js",
      "assets/vendor.js",
    ]);
  });

  it("weighs a page sent drawn as what it loads instead: its own entry, then each lazy chunk beside it", () => {
    const pages = drawnPageFiles(drawnPages);
    expect([...(pages.get("/login") ?? [])].sort()).toEqual([
      "assets/island.css",
      "assets/island.js",
      "assets/startup.js",
    ]);
    expect([...(pages.get("/login + features/login/TwoFactorStep.tsx") ?? [])].sort()).toEqual([
      "assets/island.css",
      "assets/island.js",
      "assets/startup.js",
      "assets/two-factor.js",
    ]);
    expect(pages.size).toBe(2);
  });
});
