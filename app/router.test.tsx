import { screen, waitFor } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { TERMS } from "../domain/limits.ts";
import { lazyInTasksOfTheirOwn, routes, startsWithAccount } from "./router.tsx";
import { renderRoutes } from "./test/render.tsx";
import { stubApi, testAccount, UNAUTHENTICATED } from "./test/stubApi.ts";

/** Signed in with every role, so each route shows its own screen. */
const EVERY_ROLE = {
  "GET /api/account/account": { body: testAccount({ roles: ["subscriber", "b2b", "admin"] }) },
  "GET /api/sbs/settings": { body: { mode: "off", publishableKey: null } },
  "GET /api/sbs/": { body: [] },
};

beforeEach(() => {
  stubApi({ "GET /api/account/account": UNAUTHENTICATED });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function visit(path: string, language = "en") {
  const rendered = renderRoutes(routes, { entries: [path], language });
  await screen.findByRole("heading", { level: 1 });
  return rendered;
}

describe("routes", () => {
  it("sends / to sign-in while nobody is signed in", async () => {
    const { router } = await visit("/");
    expect(router.state.location.pathname).toBe("/login");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Sign in to Kinfile");
  });

  it("shows the sign-in page with its fields and agreement links", async () => {
    await visit("/login");
    expect(screen.getByRole("link", { name: "Terms of Use" }).getAttribute("href")).toBe("/terms-of-use");
    expect(screen.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe(
      "/data-protect-policy",
    );
    expect(document.body.textContent).toContain(
      "By logging into the product and using its services, you agree to our Terms of Use and Privacy Policy",
    );
    screen.getByRole("button", { name: "Sign in" });
    screen.getByLabelText(/Email/);
    screen.getByLabelText(/^Password/);
    await waitFor(() => expect(document.title).toBe("Sign in · Kinfile"));
  });

  it("opens /dashboard on the home, inside the shell, its menu item current", async () => {
    stubApi(EVERY_ROLE);
    const { router } = await visit("/dashboard");
    expect(router.state.location.pathname).toBe("/dashboard");
    screen.getByRole("navigation", { name: "Sections" });
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    await waitFor(() => expect(document.title).toBe("Home · Kinfile"));
  });

  it.each([
    ["/dashboard/personal-network/personal-details", "Personal Details"],
    ["/dashboard/personal-network/immediate-family-tree", "Immediate Family Tree"],
    ["/dashboard/manage-account/my-subscription", "My Subscription"],
    ["/dashboard/inventory/documentlibrary/add", "Add a Document"],
    ["/dashboard/inventory/documentlibrary/edit/42", "Edit a Document"],
    ["/dashboard/shared-data", "Shared Data"],
    ["/dashboard/personaldata", "Personal Data"],
    ["/dashboard/household", "Household Management"],
    ["/dashboard/employerinfo", "Employment & Benefits Information"],
    ["/dashboard/inventory", "Key Document Inventory"],
    ["/dashboard/assets", "Assets, Insurance & Debts"],
    ["/dashboard/passwordvault", "Password Vault"],
  ])("has a screen at %s", async (path, title) => {
    stubApi(EVERY_ROLE);
    await visit(path);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(title);
    await waitFor(() => expect(document.title).toBe(`${title} · Kinfile`));
  });

  it("opens /admin on its overview, under the Administration heading", async () => {
    stubApi({
      ...EVERY_ROLE,
      "GET /api/admin/overview": {
        body: {
          users: 3,
          verifiedUsers: 2,
          subscriptions: [],
          monthlyRecurringRevenue: [],
          companies: 0,
          seatsUsed: 0,
          weeks: [],
        },
      },
    });
    const { router } = await visit("/admin");
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/overview"));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Administration");
  });

  it("shows no admin screen to an account without the admin role", async () => {
    stubApi({ ...EVERY_ROLE, "GET /api/account/account": { body: testAccount({ roles: ["subscriber"] }) } });
    const { router } = await visit("/admin");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Page not found");
    expect(router.state.location.pathname).toBe("/admin");
  });

  it("shows the Terms of Use with its four sections and the spec's payment terms", async () => {
    await visit("/terms-of-use");
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(["Privacy Statement", "Confidentiality", "Disclaimer", "Payment"]);
    const text = document.body.textContent ?? "";
    expect(text).toContain(`within ${TERMS.paymentDays} days`);
    expect(text).toContain(`${TERMS.lateInterestAboveBasePct}% above the base rate`);
    expect(text).toContain(`unpaid ${TERMS.recoveryAfterDays} days`);
    expect(text).toContain("at most £3,000");
    expect(text).toContain("£25");
    expect(screen.getAllByRole("button", { name: "Go Back" }).length).toBeGreaterThan(0);
  });

  it("shows the Data Privacy Policy in French", async () => {
    await visit("/data-protect-policy", "fr");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Politique de protection des données");
    expect(screen.getAllByRole("button", { name: "Retour" }).length).toBeGreaterThan(0);
  });

  it("sends a share answer without approve or sign to sign-in", async () => {
    const { router } = await visit("/accepted-share-request?nomineeId=1&approve=true");
    expect(router.state.location.pathname).toBe("/login");
  });

  it("keeps a complete share answer on its page", async () => {
    const { router } = await visit("/accepted-share-request?nomineeId=1&approve=true&sign=abc");
    expect(router.state.location.pathname).toBe("/accepted-share-request");
  });

  it.each([
    ["/unsubscribe?accountId=1", "Unsubscribe"],
    ["/implicit/callback?error=access_denied", "Sign-in did not complete"],
  ])("has a page at %s", async (path, title) => {
    await visit(path);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(title);
  });

  it("answers an unknown address with a translated 404", async () => {
    await visit("/nowhere", "fr");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Page introuvable");
    expect(screen.queryByRole("navigation", { name: "Sections" })).toBeNull();
  });

  it("answers an unknown dashboard address with the 404 inside the shell", async () => {
    stubApi(EVERY_ROLE);
    await visit("/dashboard/nowhere");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Page not found");
    screen.getByRole("navigation", { name: "Sections" });
  });

  it("signs out: clears session storage, then goes to sign-in", async () => {
    sessionStorage.setItem("kinfile.token", "x");
    const { router } = renderRoutes(routes, { entries: ["/signout"] });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(sessionStorage.getItem("kinfile.token")).toBeNull();
  });
});

describe("startsWithAccount", () => {
  it.each([
    ["/", true],
    ["/dashboard/personal-network", true],
    ["/dashboard/passwordvault/password/add", true],
    ["/login", false],
    ["/terms-of-use", false],
    ["/nowhere", false],
  ])("%s: %s", (path, expected) => {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    expect(startsWithAccount(router)).toBe(expected);
    router.dispose();
  });
});

describe("the route table's lazy screens", () => {
  it("start loading in a task after the one that asks for them, at every depth", async () => {
    vi.useFakeTimers();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const outer = vi.fn(async () => ({}));
    const inner = vi.fn(async () => ({}));
    const [route] = lazyInTasksOfTheirOwn([
      { path: "a", lazy: outer, children: [{ path: "b", lazy: inner }] },
    ]);
    const lazies = [route?.lazy, route?.children?.[0]?.lazy];
    for (const lazy of lazies) if (typeof lazy === "function") void lazy();
    await Promise.resolve();
    expect(outer).not.toHaveBeenCalled();
    expect(inner).not.toHaveBeenCalled();
    await vi.runOnlyPendingTimersAsync();
    expect(outer).toHaveBeenCalledOnce();
    expect(inner).toHaveBeenCalledOnce();
  });
});
