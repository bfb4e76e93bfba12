import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Account } from "../../domain/schemas/account.ts";
import { renderRoutes } from "../test/render.tsx";
import { testAccount } from "../test/stubApi.ts";
import { SplashModals } from "./SplashModals.tsx";

// Stripe's script cannot load here: the pop-up's payment form waits for it without failing.
vi.mock("@stripe/stripe-js/dist/pure.mjs", () => ({ loadStripe: () => new Promise(() => {}) }));

const ACCOUNT = testAccount({ showSplashScreen: true, showMobileSplashScreen: true });

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

/** The account's API; with `stripe`, a server that sells subscriptions and takes one voucher. */
function stubApi(account: Account, stripe = false) {
  const posts: string[] = [];
  let current = account;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (init?.method === "POST") posts.push(path);
      if (stripe && path === "/api/sbs/settings")
        return json({ mode: "stripe", publishableKey: "pk_test_x" });
      if (stripe && path.startsWith("/api/sbs/product/currencies")) return json(["cad"]);
      if (stripe && path === "/api/sbs/code/activate") {
        current = { ...current, roles: ["subscriber"] };
        return json({ type: "voucher", status: true });
      }
      if (path === "/api/account/splash?show=false") current = { ...current, showSplashScreen: false };
      if (path === "/api/account/splashmobile?show=false")
        current = { ...current, showMobileSplashScreen: false };
      return new Response(JSON.stringify(current), { headers: { "content-type": "application/json" } });
    }),
  );
  return posts;
}

function renderShell(entry = "/dashboard/personal-network") {
  return renderRoutes(
    [
      { path: "/dashboard/*", element: <SplashModals /> },
      { path: "/dashboard/manage-account/my-subscription", element: <h1>My Subscription</h1> },
    ],
    { entries: [entry] },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("splash", () => {
  it("opens the intro guide for a first sign-in and tells the server once, keeping it open", async () => {
    const posts = stubApi(ACCOUNT);
    const { queryClient } = renderShell();
    await screen.findByRole("dialog", { name: "Hi there!" });
    await waitFor(() => expect(posts).toEqual(["/api/account/splash?show=false"]));
    await waitFor(() => expect(queryClient.getQueryData<Account>(["account"])?.showSplashScreen).toBe(false));
    // The stored answer turns the flag off; the guide the reader is looking at stays.
    screen.getByRole("dialog", { name: "Hi there!" });
    await userEvent.click(screen.getByRole("button", { name: "Skip" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(posts).toEqual(["/api/account/splash?show=false"]);
  });

  it("waits, flag kept, while a nominee reads what is shared with them", async () => {
    const posts = stubApi({ ...ACCOUNT, roles: [] });
    const { queryClient } = renderShell("/dashboard/shared-data/shared-with-me");
    await waitFor(() => expect(queryClient.getQueryData(["account"])).toBeTruthy());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(posts).toEqual([]);
  });

  it("stays closed when the flag is off, or for an account holding both subscriber and b2b", async () => {
    const posts = stubApi({ ...ACCOUNT, roles: ["subscriber", "b2b"] });
    const first = renderShell();
    await waitFor(() => expect(first.queryClient.getQueryData(["account"])).toBeTruthy());
    expect(screen.queryByRole("dialog")).toBeNull();
    first.unmount();

    stubApi({ ...ACCOUNT, showSplashScreen: false });
    const second = renderShell();
    await waitFor(() => expect(second.queryClient.getQueryData(["account"])).toBeTruthy());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(posts).toEqual([]);
  });

  it("waits while a company seat is to be activated, then shows the guide to the activated staff with billing off", async () => {
    const posts: string[] = [];
    let account: Account = { ...ACCOUNT, roles: ["subscriber"] };
    let invitations = [{ id: "m1", companyName: "Acme", invitedAt: 0, expiresAt: null }];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = String(input);
        if (init?.method === "POST") posts.push(path);
        if (path === "/api/sbs/settings") return json({ mode: "off" });
        if (path === "/api/b2b/invitations") return json(invitations);
        if (path === "/api/account/splash?show=false") account = { ...account, showSplashScreen: false };
        return json(account);
      }),
    );
    const { queryClient } = renderShell();
    await waitFor(() => expect(queryClient.getQueryData(["b2b", "invitations"])).toHaveLength(1));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(posts).toEqual([]);

    // Accepted: the seat is active, the invitation gone; the guide comes, without its billing screens.
    account = { ...account, roles: ["subscriber", "b2b"] };
    invitations = [];
    await queryClient.invalidateQueries({ queryKey: ["account"] });
    await screen.findByRole("dialog", { name: "Hi there!" });
    screen.getByText("Step 1 of 6");
    screen.getByText(/This quick 5-step guide shows you around\./);
    await waitFor(() => expect(posts).toEqual(["/api/account/splash?show=false"]));
  });

  it("waits on the activation page until the seat is active", async () => {
    const posts: string[] = [];
    let account: Account = { ...ACCOUNT, roles: ["subscriber"] };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = String(input);
        if (init?.method === "POST") posts.push(path);
        if (path === "/api/sbs/settings") return json({ mode: "off" });
        if (path === "/api/b2b/invitations") return json([]);
        return json(account);
      }),
    );
    const { queryClient } = renderRoutes([{ path: "/b2b/*", element: <SplashModals /> }], {
      entries: ["/b2b/activate"],
    });
    await waitFor(() => expect(queryClient.getQueryData(["account"])).toBeTruthy());
    await waitFor(() => expect(queryClient.getQueryData(["billing", "settings"])).toBeTruthy());
    expect(screen.queryByRole("dialog")).toBeNull();
    account = { ...account, roles: ["subscriber", "b2b"] };
    await queryClient.invalidateQueries({ queryKey: ["account"] });
    await screen.findByRole("dialog", { name: "Hi there!" });
  });
});

describe("mobile subscribe pop-up", () => {
  it("opens on a mobile device for an account with neither role; Close turns it off on the server", async () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
    );
    const posts = stubApi({ ...ACCOUNT, roles: [], showSplashScreen: false });
    renderShell();
    const dialog = await screen.findByRole("dialog", { name: "Subscribe to unlock Kinfile" });
    expect(dialog.textContent).toContain("A subscription opens every section");
    expect(screen.getByRole("link", { name: "See My Subscription" }).getAttribute("href")).toBe(
      "/dashboard/manage-account/my-subscription",
    );
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(posts).toEqual(["/api/account/splashmobile?show=false"]));
  });

  it("sells a subscription right there when the server does, and stays to congratulate", async () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue("Mozilla/5.0 (Linux; Android 15) Mobile Safari");
    const posts = stubApi({ ...ACCOUNT, roles: [], showSplashScreen: false }, true);
    const { queryClient } = renderShell();
    const dialog = await screen.findByRole("dialog", { name: "Subscribe to unlock Kinfile" });
    await within(dialog).findByRole("combobox", { name: "Currency" });
    await userEvent.type(within(dialog).getByLabelText("Code"), "VOUCHER-2026");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    await within(dialog).findByText("Congratulations!");
    // The account now holds the role that opened the pop-up: the pop-up stays until closed.
    await waitFor(() =>
      expect(queryClient.getQueryData<Account>(["account"])?.roles).toEqual(["subscriber"]),
    );
    screen.getByRole("dialog", { name: "Subscribe to unlock Kinfile" });
    expect(posts).toContain("/api/account/splashmobile?show=false");
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("waits for the intro guide to close first", async () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue("Mozilla/5.0 (Linux; Android 15) Mobile Safari");
    stubApi({ ...ACCOUNT, roles: [] });
    renderShell();
    await screen.findByRole("dialog", { name: "Hi there!" });
    expect(screen.queryByRole("dialog", { name: "Subscribe to unlock Kinfile" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Skip" }));
    await screen.findByRole("dialog", { name: "Subscribe to unlock Kinfile" });
  });

  it("does not open on a desktop, nor for a subscriber", async () => {
    stubApi({ ...ACCOUNT, roles: [], showSplashScreen: false });
    const desktop = renderShell();
    await waitFor(() => expect(desktop.queryClient.getQueryData(["account"])).toBeTruthy());
    expect(screen.queryByRole("dialog")).toBeNull();
    desktop.unmount();

    vi.spyOn(navigator, "userAgent", "get").mockReturnValue("Mozilla/5.0 (Linux; Android 15) Mobile Safari");
    stubApi({ ...ACCOUNT, showSplashScreen: false });
    const subscriber = renderShell();
    await waitFor(() => expect(subscriber.queryClient.getQueryData(["account"])).toBeTruthy());
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
