import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION_STORAGE_PREFIX } from "../../session/clearSessionState.ts";
import { renderRoutes } from "../../test/render.tsx";
import { type StubAnswer, sentBodies, stubApi, testAccount } from "../../test/stubApi.ts";
import { LoginPage } from "./LoginPage.tsx";

const routes = [
  { path: "/login", Component: LoginPage },
  { path: "/forgot-password", element: <h1>Forgot</h1> },
  { path: "/dashboard/*", element: <h1>Dashboard</h1> },
];

/** An identity refusal as the server words it: the table's code for the status, better-auth's reason beside it. */
function refusal(
  status: number,
  reason: string,
  message = "Server message",
  extra: Partial<StubAnswer> = {},
) {
  const code = { 400: "bad_request", 401: "unauthenticated", 403: "forbidden", 429: "too_many_requests" }[
    status
  ];
  return { status, body: { error: { code, reason, message } }, ...extra };
}

function visitLogin(api: Parameters<typeof stubApi>[0], entry = "/login", language = "en") {
  const fetchMock = stubApi({
    "POST /api/auth/sign-out": { body: { success: true } },
    "GET /api/auth-options": { body: { oidc: false, passkey: true, registration: true } },
    "GET /api/account/account": { body: testAccount() },
    ...api,
  });
  const rendered = renderRoutes(routes, { entries: [entry], language });
  return { ...rendered, fetchMock };
}

async function fillAndSubmit(email = "ada@example.com", password = "correct horse battery") {
  await userEvent.type(screen.getByLabelText(/^Email/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("/login", () => {
  it("closes any previous session on load: storage, stored auth state, and the server session", async () => {
    sessionStorage.setItem("draft", "x");
    localStorage.setItem(`${SESSION_STORAGE_PREFIX}expiresAt`, "1");
    const { fetchMock } = visitLogin({});
    await waitFor(() => expect(sentBodies(fetchMock, "POST /api/auth/sign-out")).toHaveLength(1));
    expect(sessionStorage.getItem("draft")).toBeNull();
    expect(localStorage.getItem(`${SESSION_STORAGE_PREFIX}expiresAt`)).toBeNull();
  });

  it("shows the spec's header menu, agreement, and links to sign-up and password help", async () => {
    visitLogin({});
    const nav = screen.getByRole("navigation", { name: "Kinfile website" });
    for (const name of ["Home", "Features", "Security", "Pricing"]) {
      expect(within(nav).getByRole("link", { name }).getAttribute("href")).toMatch(/^https:\/\//);
    }
    const solutions = within(nav).getByRole("button", { name: "Solutions" });
    expect(solutions.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(solutions);
    expect(solutions.getAttribute("aria-expanded")).toBe("true");
    for (const name of ["For Business", "For Benefits Providers", "For Non-Profits"]) {
      within(nav).getByRole("link", { name });
    }
    await userEvent.keyboard("{Escape}");
    expect(solutions.getAttribute("aria-expanded")).toBe("false");

    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe("/register");
    expect(screen.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe(
      "/forgot-password",
    );
    expect(document.body.textContent).toContain(
      "By logging into the product and using its services, you agree to our Terms of Use and Privacy Policy",
    );
    // The slideshow is decoration: hidden from assistive technology, every picture without text.
    const slides = screen.getByTestId("login-slideshow");
    expect(slides.getAttribute("aria-hidden")).toBe("true");
    for (const image of slides.querySelectorAll("img")) expect(image.getAttribute("alt")).toBe("");
  });

  it("checks the fields before calling the server, beside each field", async () => {
    const { fetchMock } = visitLogin({});
    await userEvent.type(screen.getByLabelText(/^Email/), "not-an-email");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const email = screen.getByLabelText(/^Email/);
    expect(email.getAttribute("aria-invalid")).toBe("true");
    screen.getByText("Enter a valid email address, such as name@example.com.");
    screen.getByText("Enter your password.");
    expect(document.activeElement).toBe(email);
    expect(sentBodies(fetchMock, "POST /api/auth/sign-in/email")).toHaveLength(0);
  });

  it("signs in and opens the personal details of a subscriber", async () => {
    const { fetchMock, router } = visitLogin({
      "POST /api/auth/sign-in/email": { body: { redirect: false, token: "t" } },
    });
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(sentBodies(fetchMock, "POST /api/auth/sign-in/email")).toEqual([
      { email: "ada@example.com", password: "correct horse battery" },
    ]);
  });

  it("sends an account with neither role where / would", async () => {
    const { router } = visitLogin({
      "POST /api/auth/sign-in/email": { body: { redirect: false } },
      "GET /api/account/account": { body: testAccount({ roles: [] }) },
    });
    await fillAndSubmit();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe("/dashboard/manage-account/my-subscription"),
    );
  });

  it("shows a wrong password in an alert", async () => {
    visitLogin({ "POST /api/auth/sign-in/email": refusal(401, "invalid_email_or_password") });
    await fillAndSubmit();
    expect((await screen.findByRole("alert")).textContent).toBe("The email or password is not correct.");
  });

  it("shows the wait after too many attempts", async () => {
    visitLogin({
      "POST /api/auth/sign-in/email": refusal(429, "too_many_requests", "Too many", {
        headers: { "Retry-After": "30" },
      }),
    });
    await fillAndSubmit();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Too many attempts. Please try again in 30 seconds.",
    );
  });

  it("offers to resend the verification email when the address is not confirmed", async () => {
    const { fetchMock } = visitLogin({
      "POST /api/auth/sign-in/email": refusal(403, "email_not_verified"),
      "POST /api/auth/send-verification-email": { body: { status: true } },
    });
    await fillAndSubmit();
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Please confirm your email address first",
    );
    await userEvent.click(await screen.findByRole("button", { name: "Resend the verification email" }));
    await screen.findByText("We sent a new verification link to ada@example.com.");
    screen.getByText(/check your Spam or Junk folder/);
    expect(sentBodies(fetchMock, "POST /api/auth/send-verification-email")).toEqual([
      { email: "ada@example.com", callbackURL: "/login?verified=1&email=ada%40example.com" },
    ]);
  });

  it("shows the spec's E0000099 message with a Contact Us prompt", async () => {
    visitLogin({ "POST /api/auth/sign-in/email": refusal(400, "e0000099") });
    await fillAndSubmit();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(
      "SMS authentication is only available within Canada and the United States.",
    );
    expect(within(alert).getByRole("link", { name: "Contact Us" }).getAttribute("href")).toMatch(
      /\/contact$/,
    );
  });

  it("asks for the app code when the account has two-step verification, then signs in", async () => {
    const { fetchMock, router } = visitLogin({
      "POST /api/auth/sign-in/email": { body: { twoFactorRedirect: true, twoFactorMethods: ["totp"] } },
      "POST /api/auth/two-factor/verify-totp": (body) =>
        (body as { code: string }).code === "123456"
          ? { body: { token: "t" } }
          : {
              status: 400,
              body: {
                error: {
                  code: "validation_failed",
                  reason: "invalid_code",
                  message: "x",
                  fields: { code: "x" },
                },
              },
            },
    });
    await fillAndSubmit();
    const code = await screen.findByRole("textbox", { name: /^Authentication code/ });
    expect(code.getAttribute("autocomplete")).toBe("one-time-code");
    expect(code.getAttribute("inputmode")).toBe("numeric");
    expect(document.activeElement).toBe(code);

    await userEvent.type(code, "654321");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    await screen.findByText("This code is not correct. Check the code in your app and try again.");
    expect(code.getAttribute("aria-invalid")).toBe("true");

    await userEvent.clear(code);
    await userEvent.type(code, "123 456");
    await userEvent.click(screen.getByRole("checkbox", { name: "Trust this device for 30 days" }));
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(sentBodies(fetchMock, "POST /api/auth/two-factor/verify-totp").at(-1)).toEqual({
      code: "123456",
      trustDevice: true,
    });
  });

  it("accepts a backup code instead", async () => {
    const { fetchMock, router } = visitLogin({
      "POST /api/auth/sign-in/email": { body: { twoFactorRedirect: true } },
      "POST /api/auth/two-factor/verify-backup-code": { body: { token: "t" } },
    });
    await fillAndSubmit();
    await userEvent.click(await screen.findByRole("button", { name: "Use a backup code instead" }));
    await userEvent.type(screen.getByRole("textbox", { name: /^Backup code/ }), "abcde-12345");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(sentBodies(fetchMock, "POST /api/auth/two-factor/verify-backup-code")).toEqual([
      { code: "abcde-12345", trustDevice: false },
    ]);
  });

  it("shows the provider button only when the server offers one, and starts its flow", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const { fetchMock } = visitLogin({
      "GET /api/auth-options": {
        body: { oidc: true, passkey: true, registration: true, oidcName: "Acme ID" },
      },
      "POST /api/auth/sign-in/social": { body: { url: "https://id.example/authorize?x=1", redirect: true } },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Sign in with Acme ID" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://id.example/authorize?x=1"));
    expect(sentBodies(fetchMock, "POST /api/auth/sign-in/social")).toEqual([
      { provider: "oidc", callbackURL: "/implicit/callback", errorCallbackURL: "/implicit/callback" },
    ]);
  });

  it("has no provider button when the server has no provider", async () => {
    const { fetchMock } = visitLogin({});
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith("/api/auth-options", expect.anything()));
    expect(screen.queryByRole("button", { name: /single sign-on/ })).toBeNull();
  });

  it.each([
    ["/login?verified=1", "Your email address is confirmed. You can sign in now."],
    ["/login?verified=1&error=INVALID_TOKEN", "This confirmation link is not valid or has expired."],
    ["/login?passwordChanged=1", "Your password has been changed. Sign in with your new password."],
    ["/login?unlocked=1", "You can sign in from this browser again."],
    ["/login?expired=1&next=%2Fdashboard%2Fassets", "Your session has ended, so you were signed out"],
  ])("tells the reader arriving at %s what happened", async (entry, text) => {
    visitLogin({}, entry);
    screen.getByText(new RegExp(text.replace(/[.?]/g, "\\$&")));
  });

  it("starts with the address the confirmation link carries", async () => {
    visitLogin({}, "/login?verified=1&email=ada%40example.com");
    expect((screen.getByLabelText("Email", { exact: true }) as HTMLInputElement).value).toBe(
      "ada@example.com",
    );
  });

  it("is translated into French", async () => {
    visitLogin({}, "/login", "fr");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Connexion à Kinfile");
    screen.getByRole("button", { name: "Se connecter" });
    screen.getByLabelText(/^Courriel/);
  });
});
