import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Account } from "../../../domain/schemas/account.ts";
import { SplashModals } from "../../shell/SplashModals.tsx";
import { renderRoutes } from "../../test/render.tsx";
import { testAccount } from "../../test/stubApi.ts";
import { MyAccountPage } from "./MyAccountPage.tsx";

const ACCOUNT = testAccount({
  id: "a1",
  login: "ada@example.test",
  email: "ada@example.test",
  createdAt: Date.UTC(2026, 0, 5),
});

const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

type Request = { method: string; path: string; body: unknown };
type Answer = { status?: number; body?: unknown };
type Handler = (request: Request) => Answer;

/** A fake server: `routes` answers "METHOD /path" (query included); every request is recorded. */
function stubServer(overrides: Record<string, Handler> = {}) {
  let account = { ...ACCOUNT };
  const requests: Request[] = [];
  const routes: Record<string, Handler> = {
    "GET /api/account/account": () => ({ body: account }),
    "POST /api/account/save": ({ body }) => {
      account = { ...account, ...(body as Partial<Account>) };
      return { body: account };
    },
    "GET /api/auth/list-sessions": () => ({
      body: [
        {
          id: "s1",
          token: "token-here",
          userAgent: CHROME_WINDOWS,
          ipAddress: "203.0.113.7",
          createdAt: "2026-03-01T10:00:00.000Z",
          updatedAt: "2026-03-02T10:00:00.000Z",
          expiresAt: "2026-03-09T10:00:00.000Z",
        },
        {
          id: "s2",
          token: "token-there",
          userAgent: FIREFOX_LINUX,
          ipAddress: "198.51.100.4",
          createdAt: "2026-02-01T10:00:00.000Z",
          updatedAt: "2026-02-20T10:00:00.000Z",
          expiresAt: "2026-03-08T10:00:00.000Z",
        },
      ],
    }),
    "GET /api/auth/get-session": () => ({ body: { session: { token: "token-here" }, user: { id: "a1" } } }),
    "GET /api/auth/passkey/list-user-passkeys": () => ({
      body: [{ id: "p1", name: "Work laptop", createdAt: "2026-02-10T09:00:00.000Z" }],
    }),
    "GET /api/account/events": () => ({
      body: {
        items: [
          {
            id: "e1",
            kind: "sign_in",
            ip: "203.0.113.7",
            userAgent: CHROME_WINDOWS,
            createdAt: Date.UTC(2026, 2, 1),
          },
          {
            id: "e2",
            kind: "sign_in_failed",
            ip: "192.0.2.9",
            userAgent: null,
            createdAt: Date.UTC(2026, 1, 28),
          },
        ],
        page: 0,
        size: 20,
        total: 2,
      },
    }),
    "POST /api/auth/two-factor/enable": () => ({
      body: {
        totpURI: "otpauth://totp/Kinfile:ada%40example.test?secret=JBSWY3DPEHPK3PXP&issuer=Kinfile",
        backupCodes: ["aaaa-1111", "bbbb-2222", "cccc-3333"],
      },
    }),
    "POST /api/auth/two-factor/verify-totp": () => {
      account = { ...account, twoFactorEnabled: true };
      return { body: { token: "token-here" } };
    },
    "POST /api/auth/revoke-session": () => ({ body: { status: true } }),
    "POST /api/auth/revoke-other-sessions": () => ({ body: { status: true } }),
    "POST /api/auth/passkey/delete-passkey": () => ({ body: { status: true } }),
    "POST /api/auth/change-password": () => ({ body: { token: null } }),
    "DELETE /api/account": () => ({ status: 204 }),
    ...overrides,
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const path = String(input);
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      const request = { method, path, body };
      requests.push(request);
      const handler = routes[`${method} ${path}`];
      const answer = handler
        ? handler(request)
        : { status: 404, body: { error: { code: "not_found", message: "Not found" } } };
      const status = answer.status ?? 200;
      return status === 204
        ? new Response(null, { status })
        : new Response(JSON.stringify(answer.body), {
            status,
            headers: { "content-type": "application/json" },
          });
    }),
  );
  return {
    requests,
    sent: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}

function renderPage() {
  return renderRoutes(
    [
      {
        path: "/dashboard/manage-account",
        element: (
          <>
            <MyAccountPage />
            <SplashModals />
          </>
        ),
      },
      { path: "/login", element: <h1>Sign in</h1> },
    ],
    { entries: ["/dashboard/manage-account"] },
  );
}

async function section(name: string) {
  return screen.findByRole("region", { name });
}

beforeEach(() => {
  // jsdom lacks WebAuthn; the passkey section still lists and deletes.
  vi.stubGlobal("PublicKeyCredential", undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("My Account", () => {
  it("shows every section under its heading", async () => {
    stubServer();
    renderPage();
    await screen.findByRole("heading", { level: 1, name: "My Account" });
    for (const name of [
      "Profile",
      "Password",
      "Two-factor authentication",
      "Passkeys",
      "Sessions",
      "Recent sign-in activity",
      "Preferences",
      "Delete my account",
    ]) {
      await section(name);
    }
    const profile = await section("Profile");
    expect((within(profile).getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Ada Lovelace");
    within(profile).getByText("ada@example.test");
  });

  it("saves the language and theme to the account and applies them at once", async () => {
    const user = userEvent.setup();
    const server = stubServer();
    const { queryClient } = renderPage();
    const preferences = await section("Preferences");

    await user.selectOptions(within(preferences).getByLabelText("Theme mode"), "dark");
    await waitFor(() => expect(server.sent("POST", "/api/account/save")).toHaveLength(1));
    expect(server.sent("POST", "/api/account/save")[0]?.body).toEqual({
      themeColor: "blue",
      themeMode: "dark",
    });
    expect(document.documentElement.getAttribute("data-mantine-color-scheme")).toBe("dark");
    expect(localStorage.getItem("kinfile.theme")).toBe("dark-blue");
    await user.selectOptions(within(preferences).getByLabelText("Accent colour"), "green");
    await waitFor(() => expect(server.sent("POST", "/api/account/save")).toHaveLength(2));
    expect(server.sent("POST", "/api/account/save")[1]?.body).toEqual({
      themeColor: "green",
      themeMode: "dark",
    });
    expect(localStorage.getItem("kinfile.theme")).toBe("dark-green");
    await within(preferences).findByText("Preferences saved.");

    await user.selectOptions(within(preferences).getByLabelText("Language"), "fr");
    await waitFor(() => expect(server.sent("POST", "/api/account/save")).toHaveLength(3));
    expect(server.sent("POST", "/api/account/save")[2]?.body).toEqual({ lang: "fr" });
    await screen.findByRole("heading", { level: 1, name: "Mon compte" });
    expect(localStorage.getItem("kinfile.lang")).toBe("fr");
    await waitFor(() =>
      expect(queryClient.getQueryData<Account>(["account"])).toMatchObject({
        lang: "fr",
        themeColor: "green",
        themeMode: "dark",
      }),
    );
  });

  it("puts the theme back when the account refuses to save it", async () => {
    const user = userEvent.setup();
    stubServer({
      "POST /api/account/save": () => ({
        status: 500,
        body: { error: { code: "internal", message: "Could not save." } },
      }),
    });
    renderPage();
    const preferences = await section("Preferences");
    await user.selectOptions(within(preferences).getByLabelText("Theme mode"), "light");
    expect(await within(preferences).findByRole("alert")).toHaveProperty("textContent", "Could not save.");
    expect(localStorage.getItem("kinfile.theme")).toBe("system-blue");
  });

  it("turns on two-factor authentication: password, QR code and key, code, then the backup codes", async () => {
    const user = userEvent.setup();
    const server = stubServer();
    renderPage();
    const twoFactor = await section("Two-factor authentication");
    within(twoFactor).getByText("Status: Off");

    await user.click(within(twoFactor).getByRole("button", { name: "Turn on two-factor authentication" }));
    await user.click(within(twoFactor).getByRole("button", { name: "Continue" }));
    within(twoFactor).getByText("Please enter your password");
    await user.type(within(twoFactor).getByLabelText(/^Password/), "correct horse battery");
    await user.click(within(twoFactor).getByRole("button", { name: "Continue" }));
    expect(server.sent("POST", "/api/auth/two-factor/enable")[0]?.body).toEqual({
      password: "correct horse battery",
    });

    await within(twoFactor).findByRole("img", { name: "QR code to add Kinfile to an authenticator app" });
    within(twoFactor).getByText("JBSW Y3DP EHPK 3PXP");

    await user.type(within(twoFactor).getByLabelText(/^6-digit code/), "12345");
    await user.click(within(twoFactor).getByRole("button", { name: "Verify" }));
    within(twoFactor).getByText("Enter the 6 digits shown by your app");
    await user.type(within(twoFactor).getByLabelText(/^6-digit code/), "6");
    await user.click(within(twoFactor).getByRole("button", { name: "Verify" }));

    const codes = await within(twoFactor).findByRole("list", { name: "Backup codes" });
    expect(
      within(codes)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["aaaa-1111", "bbbb-2222", "cccc-3333"]);
    expect(server.sent("POST", "/api/auth/two-factor/verify-totp")[0]?.body).toEqual({ code: "123456" });
    within(twoFactor).getByText(/They are shown only now/);
    within(twoFactor).getByRole("button", { name: "Download .txt" });

    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await user.click(within(twoFactor).getByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledWith("aaaa-1111\nbbbb-2222\ncccc-3333");

    await user.click(within(twoFactor).getByRole("button", { name: "I have stored my backup codes" }));
    within(twoFactor).getByText("Two-factor authentication is on.");
    within(twoFactor).getByText("Status: On");
    within(twoFactor).getByRole("button", { name: "Turn off two-factor authentication" });
  });

  it("shows a wrong password beside its field", async () => {
    const user = userEvent.setup();
    stubServer({
      "POST /api/auth/two-factor/enable": () => ({
        status: 400,
        body: {
          error: {
            code: "validation_failed",
            reason: "invalid_password",
            message: "This password is not right.",
            fields: { password: "This password is not right." },
          },
        },
      }),
    });
    renderPage();
    const twoFactor = await section("Two-factor authentication");
    await user.click(within(twoFactor).getByRole("button", { name: "Turn on two-factor authentication" }));
    await user.type(within(twoFactor).getByLabelText(/^Password/), "wrong one");
    await user.click(within(twoFactor).getByRole("button", { name: "Continue" }));
    const error = await within(twoFactor).findByText("This password is not right.");
    const field = within(twoFactor).getByLabelText(/^Password/);
    expect(field.getAttribute("aria-describedby")?.split(" ")).toContain(error.id);
  });

  it("changes the password, signing out other sessions by default", async () => {
    const user = userEvent.setup();
    const server = stubServer();
    renderPage();
    const password = await section("Password");
    await user.type(within(password).getByLabelText(/^Current password/), "old password 1");
    await user.type(within(password).getByLabelText(/^New password/), "short");
    await user.type(within(password).getByLabelText(/^Confirm new password/), "different");
    await user.click(within(password).getByRole("button", { name: "Change password" }));
    within(password).getByText("Use at least 10 characters");
    within(password).getByText("The two passwords do not match");
    expect(server.sent("POST", "/api/auth/change-password")).toHaveLength(0);

    await user.clear(within(password).getByLabelText(/^New password/));
    await user.type(within(password).getByLabelText(/^New password/), "a far better secret");
    await user.clear(within(password).getByLabelText(/^Confirm new password/));
    await user.type(within(password).getByLabelText(/^Confirm new password/), "a far better secret");
    expect(within(password).getByRole("checkbox", { name: "Sign out of my other sessions" })).toHaveProperty(
      "checked",
      true,
    );
    await user.click(within(password).getByRole("button", { name: "Change password" }));
    await within(password).findByText("Your password is changed.");
    expect(server.sent("POST", "/api/auth/change-password")[0]?.body).toEqual({
      currentPassword: "old password 1",
      newPassword: "a far better secret",
      revokeOtherSessions: true,
    });
  });

  it("lists sessions with this device marked, and signs out another one", async () => {
    const user = userEvent.setup();
    const server = stubServer();
    renderPage();
    const sessions = await section("Sessions");
    const list = await within(sessions).findByRole("list", { name: "Signed-in devices" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows[0]?.textContent).toContain("Chrome on Windows");
    expect(rows[0]?.textContent).toContain("This device");
    expect(rows[0]?.textContent).toContain("IP address: 203.0.113.7");
    expect(rows[1]?.textContent).toContain("Firefox on Linux");
    expect(within(sessions).queryByRole("button", { name: "Sign out Chrome on Windows" })).toBeNull();

    await user.click(within(sessions).getByRole("button", { name: "Sign out Firefox on Linux" }));
    await waitFor(() =>
      expect(server.sent("POST", "/api/auth/revoke-session")[0]?.body).toEqual({ token: "token-there" }),
    );
    await user.click(within(sessions).getByRole("button", { name: "Sign out all other sessions" }));
    await waitFor(() => expect(server.sent("POST", "/api/auth/revoke-other-sessions")).toHaveLength(1));
  });

  it("lists passkeys and deletes one after confirming", async () => {
    const user = userEvent.setup();
    const server = stubServer();
    renderPage();
    const passkeys = await section("Passkeys");
    await within(passkeys).findByText("Work laptop");
    within(passkeys).getByText("This browser does not support passkeys.");
    await user.click(within(passkeys).getByRole("button", { name: "Delete Work laptop" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this passkey?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete passkey" }));
    await waitFor(() =>
      expect(server.sent("POST", "/api/auth/passkey/delete-passkey")[0]?.body).toEqual({ id: "p1" }),
    );
    await within(passkeys).findByText("The passkey is deleted.");
  });

  it("lists recent sign-in activity", async () => {
    stubServer();
    renderPage();
    const activity = await section("Recent sign-in activity");
    const list = await within(activity).findByRole("list", { name: "Sign-in activity" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((row) => row.querySelector("p")?.textContent)).toEqual([
      "Signed in",
      "Failed sign-in attempt",
    ]);
    expect(rows[0]?.textContent).toContain("Chrome on Windows");
  });

  it("reopens the introduction guide", async () => {
    const user = userEvent.setup();
    stubServer();
    renderPage();
    const preferences = await section("Preferences");
    await user.click(within(preferences).getByRole("button", { name: "Show the introduction guide again" }));
    await screen.findByRole("dialog", { name: "Hi there!" });
  });
});

describe("deleting the account", () => {
  it("needs the password and the typed word DELETE, then a confirmation, and goes to sign-in", async () => {
    const user = userEvent.setup();
    const server = stubServer();
    const { router } = renderPage();
    const danger = await section("Delete my account");
    expect(danger.textContent).toContain("every document and file you uploaded");

    await user.click(within(danger).getByRole("button", { name: "Delete my account" }));
    within(danger).getByText("Please enter your password");
    within(danger).getByText("Type DELETE in capital letters");

    await user.type(within(danger).getByLabelText(/^Password/), "my password 1");
    await user.type(within(danger).getByLabelText(/^Type DELETE to confirm/), "delete");
    await user.click(within(danger).getByRole("button", { name: "Delete my account" }));
    within(danger).getByText("Type DELETE in capital letters");
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.clear(within(danger).getByLabelText(/^Type DELETE to confirm/));
    await user.type(within(danger).getByLabelText(/^Type DELETE to confirm/), "DELETE");
    await user.click(within(danger).getByRole("button", { name: "Delete my account" }));
    const dialog = screen.getByRole("dialog", { name: "Delete your account permanently?" });
    expect(server.sent("DELETE", "/api/account")).toHaveLength(0);

    await user.click(within(dialog).getByRole("button", { name: "Yes, delete my account" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toBe("?accountDeleted=1");
    expect(server.sent("DELETE", "/api/account")[0]?.body).toEqual({
      password: "my password 1",
      confirmation: "DELETE",
    });
  });

  it("asks for SUPPRIMER in French, and no password for an account without one", async () => {
    const user = userEvent.setup();
    const server = stubServer({
      "GET /api/account/account": () => ({
        body: { ...ACCOUNT, lang: "fr", hasPassword: false, providers: ["oidc"] },
      }),
    });
    const { i18n } = renderPage();
    await i18n.changeLanguage("fr");
    const danger = await section("Supprimer mon compte");
    expect(within(danger).queryByLabelText(/^Mot de passe/)).toBeNull();
    await user.type(within(danger).getByLabelText(/^Saisissez SUPPRIMER pour confirmer/), "SUPPRIMER");
    await user.click(within(danger).getByRole("button", { name: "Supprimer mon compte" }));
    await user.click(screen.getByRole("button", { name: "Oui, supprimer mon compte" }));
    await waitFor(() =>
      expect(server.sent("DELETE", "/api/account")[0]?.body).toEqual({ confirmation: "SUPPRIMER" }),
    );
  });
});
