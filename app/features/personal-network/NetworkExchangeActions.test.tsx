import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import enExchange from "../../../public/locales/en/exchange.json" with { type: "json" };
import { renderRoutes } from "../../test/render.tsx";
import { stubApi, testAccount } from "../../test/stubApi.ts";
import { NETWORK_TEST_ROUTES } from "./testPersons.ts";

afterEach(() => vi.unstubAllGlobals());

function visit(group: string) {
  stubApi({
    "GET /api/account/account": { body: testAccount() },
    [`GET /api/pn/person/${group}`]: { body: [] },
  });
  const result = renderRoutes(NETWORK_TEST_ROUTES, { entries: [`/dashboard/personal-network/${group}`] });
  result.i18n.addResourceBundle("en", "exchange", enExchange);
  return result;
}

describe("a network list's imports and exports", () => {
  it("imports vCards into a group that has the type Other, and exports it as vCard and CSV", async () => {
    visit("networkperson");
    await screen.findByRole("button", { name: "Import vCard" });
    screen.getByRole("button", { name: "Export vCard" });
    screen.getByRole("button", { name: "Export CSV" });
  });

  it("offers no import where an imported person would have no type (children, partners), only the exports", async () => {
    visit("child");
    await screen.findByRole("button", { name: "Export CSV" });
    expect(screen.queryByRole("button", { name: "Import vCard" })).toBeNull();
  });
});
