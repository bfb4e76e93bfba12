import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Account } from "../../domain/schemas/account.ts";
import { routes } from "../router.tsx";
import { renderRoutes } from "../test/render.tsx";
import { sentBodies, stubApi, testAccount, UNAUTHENTICATED } from "../test/stubApi.ts";

function signedInAs(account: Partial<Account> | null, extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    "GET /api/account/account": account === null ? UNAUTHENTICATED : { body: testAccount(account) },
    "POST /api/auth/sign-out": { body: { success: true } },
    "GET /api/auth-options": { body: { oidc: false, passkey: true, registration: true } },
    ...extra,
  });
}

async function visit(path: string) {
  const rendered = renderRoutes(routes, { entries: [path] });
  await screen.findByRole("heading", { level: 1 });
  return rendered;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the session guard", () => {
  it.each(["/dashboard/personal-network", "/dashboard/assets", "/b2b/activate?code=ABCDE-12345", "/admin"])(
    "sends a visitor without a session from %s to sign-in",
    async (path) => {
      signedInAs(null);
      const { router } = await visit(path);
      await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
      expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Sign in to Kinfile");
      // A dashboard or company page is opened again after sign-in (a link from an email, say).
      expect(new URLSearchParams(router.state.location.search).get("next")).toBe(
        path.startsWith("/admin") ? null : path,
      );
    },
  );

  it.each([
    [["subscriber"], "/dashboard"],
    [["b2b"], "/dashboard"],
    [[], "/dashboard/manage-account/my-subscription"],
  ])("sends a signed-in account with roles %j from / to %s", async (roles, destination) => {
    signedInAs({ roles });
    const { router } = renderRoutes(routes, { entries: ["/"] });
    await waitFor(() => expect(router.state.location.pathname).toBe(destination));
  });

  it("applies the account's language and theme", async () => {
    signedInAs({ lang: "fr", themeColor: "green", themeMode: "dark" });
    await visit("/dashboard/personal-network");
    await waitFor(() => expect(document.documentElement.lang).toBe("fr"));
    screen.getByRole("link", { name: "Réseau personnel" });
    expect(localStorage.getItem("kinfile.theme")).toBe("dark-green");
  });

  it("puts the account's name in the header menu, with My Account and Sign out", async () => {
    signedInAs({ name: "Ada Lovelace" });
    await visit("/dashboard/personal-network");
    await userEvent.click(screen.getByRole("button", { name: "Account menu" }));
    const menu = await screen.findByRole("menu");
    within(menu).getByText("Signed in as Ada Lovelace");
    expect(within(menu).getByRole("menuitem", { name: "My Account" }).getAttribute("href")).toBe(
      "/dashboard/manage-account",
    );
    expect(within(menu).getByRole("menuitem", { name: "Sign out" }).getAttribute("href")).toBe("/signout");
  });
});

describe("roles", () => {
  it("gives an account without a subscription only Personal Network and Shared Data", async () => {
    signedInAs({ roles: [] });
    await visit("/dashboard/personal-network");
    const menu = screen.getByRole("navigation", { name: "Sections" });
    const links = within(menu).getAllByRole("link");
    const enabled = links.filter((link) => link.getAttribute("aria-disabled") !== "true");
    expect(enabled.map((link) => link.textContent)).toEqual([
      "Personal Network",
      "Shared Data",
      "My Subscription",
    ]);
    const household = within(menu).getByRole("link", { name: "Household Management" });
    expect(household.getAttribute("aria-disabled")).toBe("true");
    expect(household.hasAttribute("href")).toBe(false);
    expect(household.tabIndex).toBe(-1);
    expect(household.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(household.getAttribute("aria-describedby") ?? "")?.textContent).toContain(
      "Subscribe to open the other sections.",
    );
  });

  it("shows a locked section's route as needing a subscription, with a way to subscribe", async () => {
    signedInAs({ roles: [] });
    await visit("/dashboard/household");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Household Management");
    screen.getByText("This section needs a subscription.");
    expect(screen.getByRole("link", { name: "Go to My Subscription" }).getAttribute("href")).toBe(
      "/dashboard/manage-account/my-subscription",
    );
  });

  it("opens every section to a subscriber", async () => {
    signedInAs({ roles: ["subscriber"] });
    await visit("/dashboard/household");
    expect(screen.queryByText("This section needs a subscription.")).toBeNull();
    const menu = screen.getByRole("navigation", { name: "Sections" });
    expect(
      within(menu)
        .queryAllByRole("link")
        .filter((link) => link.getAttribute("aria-disabled")),
    ).toHaveLength(0);
  });

  it("answers /admin with the not-found page without its role", async () => {
    signedInAs({ roles: ["subscriber", "b2b", "companyAdmin"] });
    await visit("/admin");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Page not found");
  });
});

describe("/signout", () => {
  it("asks for the provider's logout before ending the session, then goes there", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const fetchMock = signedInAs(
      {},
      { "GET /api/account/signout-url": { body: { url: "https://id.example/logout?id_token_hint=x" } } },
    );
    sessionStorage.setItem("draft", "x");
    renderRoutes(routes, { entries: ["/signout"] });
    await screen.findByRole("status");
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://id.example/logout?id_token_hint=x"));
    const order = fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? "GET"} ${String(input)}`);
    expect(order.indexOf("GET /api/account/signout-url")).toBeLessThan(
      order.indexOf("POST /api/auth/sign-out"),
    );
    expect(sessionStorage.getItem("draft")).toBeNull();
  });

  it("goes to sign-in after a password session", async () => {
    const fetchMock = signedInAs({}, { "GET /api/account/signout-url": { body: { url: null } } });
    const { router } = renderRoutes(routes, { entries: ["/signout"] });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(sentBodies(fetchMock, "POST /api/auth/sign-out").length).toBeGreaterThan(0);
  });
});

describe("/implicit/callback", () => {
  it("loads the account the provider signed in and opens its page", async () => {
    signedInAs({ roles: ["subscriber"] });
    const { router } = renderRoutes(routes, { entries: ["/implicit/callback"] });
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
  });

  it("says so, with a way back, when the provider sign-in failed", async () => {
    signedInAs(null);
    await visit("/implicit/callback");
    await screen.findByRole("heading", { level: 1, name: "Sign-in did not complete" });
    expect(screen.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe("/login");
  });
});
