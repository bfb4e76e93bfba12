import { QueryClient } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../test/render.tsx";
import { stubApi, testAccount } from "../../test/stubApi.ts";
import { prefetchOverview } from "./overviewQueries.ts";
import { fullRecord, listItem, NETWORK_TEST_ROUTES } from "./testPersons.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The overview with every list answered at once but the children's, which waits for `release`. */
function visitWithChildrenPending() {
  const answered = stubApi({
    "GET /api/account/account": { body: testAccount() },
    "GET /api/pn/person": { body: fullRecord(listItem("me", "Ada")) },
    "GET /api/pn/person/partner": { body: [listItem("partner", "William")] },
  });
  let release = () => {};
  const childrenAnswer = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(String(input), "http://localhost").pathname === "/api/pn/person/child") {
      await childrenAnswer;
      return Response.json([listItem("child", "Byron"), listItem("child", "Annabella")]);
    }
    return answered(input, init);
  });
  renderRoutes(NETWORK_TEST_ROUTES, { entries: ["/dashboard/personal-network"] });
  return { release };
}

const tile = async (title: string) =>
  (await screen.findByRole("link", { name: title })).closest("li") as HTMLElement;

describe("the Personal Network overview", () => {
  it("holds each tile's status line while it loads, then shows who or how many", async () => {
    const { release } = visitWithChildrenPending();
    await within(await tile("Spouse/Partner")).findByText("1 person");
    await within(await tile("Personal Details")).findByText("Ada Lovelace");
    // The line is there before its count, so the tiles below it do not move when it arrives.
    within(await tile("Children")).getByText("Loading…");
    release();
    await within(await tile("Children")).findByText("2 people");
    expect(within(await tile("Children")).queryByText("Loading…")).toBeNull();
  });

  it("gives the family tree tile no status line", async () => {
    visitWithChildrenPending();
    const familyTree = await tile("Immediate Family Tree");
    expect(within(familyTree).queryByText("Loading…")).toBeNull();
  });
});

describe("the overview's data asked for ahead (prefetchOverview)", () => {
  const keysOf = (client: { getQueryCache: () => { getAll: () => Array<{ queryKey: unknown }> } }) =>
    client
      .getQueryCache()
      .getAll()
      .map((query) => JSON.stringify(query.queryKey))
      .sort();

  it("asks for what the overview reads as it is drawn, no more and no less", async () => {
    stubApi({ "GET /api/account/account": { body: testAccount() } });
    const { queryClient } = renderRoutes(NETWORK_TEST_ROUTES, { entries: ["/dashboard/personal-network"] });
    await tile("Children");
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    // What the overview's first drawing asked for, less what comes later (its closing actions).
    const drawn = keysOf(queryClient).filter(
      (key) => key.startsWith('["persons"') || key === '["reminders"]',
    );

    const ahead = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await prefetchOverview(ahead);
    await waitFor(() => expect(ahead.isFetching()).toBe(0));
    expect(keysOf(ahead).filter((key) => key !== '["account"]')).toEqual(drawn);
  });

  it.each([
    ["no session", { status: 401, body: { error: { code: "unauthorized", message: "Sign in" } } }],
    ["an account without full access", { body: { ...testAccount(), roles: ["companyAdmin"] } }],
  ])("asks for nothing but the account with %s", async (_, account) => {
    const calls = stubApi({ "GET /api/account/account": account });
    const ahead = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await prefetchOverview(ahead);
    expect(calls.mock.calls.map(([input]) => String(input))).toEqual(["/api/account/account"]);
  });
});
