import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { WRITTEN_FOR_REACT_ROUTER } from "./browserRouter.ts";

/** The installed react-router's version, from its own package.json. */
function installedReactRouter(): string {
  const require = createRequire(import.meta.url);
  const file = require.resolve("react-router/package.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}

describe("the router's use of React Router's UNSAFE_ exports", () => {
  it("was written for the installed react-router's major and minor release", () => {
    const [major, minor] = installedReactRouter().split(".");
    expect(`${major}.${minor}`).toBe(WRITTEN_FOR_REACT_ROUTER);
  });
});
