import { act, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../test/render.tsx";
import { sentBodies, stubApi } from "../../test/stubApi.ts";
import { RegisterPage } from "./RegisterPage.tsx";

function visitRegister(api: Parameters<typeof stubApi>[0] = {}, language = "en") {
  const fetchMock = stubApi({
    "POST /api/auth/sign-up/email": { body: { token: null, user: { id: "u" } } },
    "POST /api/auth/send-verification-email": { body: { status: true } },
    ...api,
  });
  return {
    ...renderRoutes([{ path: "/register", Component: RegisterPage }], { entries: ["/register"], language }),
    fetchMock,
  };
}

async function fill({
  name = "Ada Lovelace",
  email = "ada@example.com",
  password = "Analytical-Engine-1843",
  confirm = undefined as string | undefined,
} = {}) {
  confirm ??= password;
  if (name) await userEvent.type(screen.getByLabelText(/^Full name/), name);
  if (email) await userEvent.type(screen.getByLabelText(/^Email/), email);
  if (password) await userEvent.type(screen.getByLabelText(/^Password/), password);
  if (confirm) await userEvent.type(screen.getByLabelText(/^Confirm password/), confirm);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("/register", () => {
  it("fills in the address an invitation was sent to", () => {
    stubApi({});
    renderRoutes([{ path: "/register", Component: RegisterPage }], {
      entries: ["/register?email=casey%40example.com"],
    });
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe("casey@example.com");
  });

  it("names the company whose invitation opened it, and keeps the token for signing in", async () => {
    const token = "b".repeat(64);
    stubApi({ [`GET /api/b2b/invitation/${token}`]: { body: { companyName: "Acme" } } });
    renderRoutes([{ path: "/register", Component: RegisterPage }], {
      entries: [`/register?email=casey%40example.com&next=%2Fb2b&invitation=${token}`],
      language: "fr",
    });
    await screen.findByText("Acme vous invite");
    expect(screen.getByRole("link", { name: "Se connecter" }).getAttribute("href")).toBe(
      `/login?next=%2Fb2b&invitation=${token}`,
    );
  });

  it("says nothing of a company for a token that names no waiting invitation", async () => {
    const token = "c".repeat(64);
    stubApi({});
    renderRoutes([{ path: "/register", Component: RegisterPage }], {
      entries: [`/register?invitation=${token}`],
    });
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).toContain(
        `/api/b2b/invitation/${token}`,
      ),
    );
    expect(screen.queryByText(/invited you/)).toBeNull();
  });

  it("shows the strength and the requirements as the password is typed", async () => {
    visitRegister();
    screen.getByText("Password strength: too short");
    const requirement = screen.getByText(/Has at least 10 characters/);
    expect(requirement.textContent).toContain("not yet");
    await userEvent.type(screen.getByLabelText(/^Password/), "Analytical-Engine-1843");
    screen.getByText("Password strength: strong");
    expect(screen.getByText(/Has at least 10 characters/).textContent).toContain("done");
  });

  it("never shows as strong a password made of the name typed above, and names the rule it fails", async () => {
    const { fetchMock } = visitRegister();
    await fill({ password: "AdaLovelace#1815" });
    screen.getByText("Password strength: weak");
    expect(
      screen.getByText(/Is not a common password or one made of your name or email/).textContent,
    ).toContain("not yet");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    await screen.findByText(
      "Too easy to guess: choose one that is not a common password or made of your name or email.",
    );
    expect(sentBodies(fetchMock, "POST /api/auth/sign-up/email")).toHaveLength(0);
  });

  it("refuses a short password and a confirmation that does not match, beside the fields", async () => {
    const { fetchMock } = visitRegister();
    await fill({ password: "short", confirm: "shorter" });
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    screen.getByText("Use at least 10 characters.");
    screen.getByText("The passwords do not match.");
    expect(screen.getByLabelText(/^Password/).getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(screen.getByLabelText(/^Password/));
    expect(sentBodies(fetchMock, "POST /api/auth/sign-up/email")).toHaveLength(0);
  });

  it("shows the server's refusal of a weak password beside the password", async () => {
    visitRegister({
      "POST /api/auth/sign-up/email": {
        status: 400,
        body: {
          error: {
            code: "validation_failed",
            reason: "password_too_weak",
            message: "Weak",
            fields: { password: "Weak" },
          },
        },
      },
    });
    await fill({ password: "Kinfile12345" });
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    await screen.findByText(/^Too easy to guess/);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("registers, then says where the link went, with the spam note and a resend button on a cooldown", async () => {
    const { fetchMock } = visitRegister();
    await fill();
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    const heading = await screen.findByRole("heading", { level: 1, name: "Check your email" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(document.body.textContent).toContain("We sent a verification link to ada@example.com.");
    expect(screen.getByText(/check your Spam or Junk folder/).textContent).toContain("no-reply sender");
    expect(sentBodies(fetchMock, "POST /api/auth/sign-up/email")).toEqual([
      {
        name: "Ada Lovelace",
        email: "ada@example.com",
        password: "Analytical-Engine-1843",
        lang: "en",
        callbackURL: "/login?verified=1&email=ada%40example.com",
      },
    ]);
    const resend = screen.getByRole("button", { name: "Resend the verification email" }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    screen.getByText(/You can ask for another email in \d+ s\./);
  });

  it("resends once the cooldown is over", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { fetchMock } = visitRegister();
      await fill();
      await userEvent.click(screen.getByRole("button", { name: "Create account" }));
      const resend = (await screen.findByRole("button", {
        name: "Resend the verification email",
      })) as HTMLButtonElement;
      for (let second = 0; second < 60; second++) await act(() => vi.advanceTimersByTimeAsync(1000));
      await waitFor(() => expect(resend.disabled).toBe(false));
      await userEvent.click(resend);
      await screen.findByText("A new verification link is on its way.");
      expect(sentBodies(fetchMock, "POST /api/auth/send-verification-email")).toEqual([
        { email: "ada@example.com", callbackURL: "/login?verified=1&email=ada%40example.com" },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("carries the agreement sentence under the form, and speaks French", async () => {
    visitRegister({}, "fr");
    screen.getByRole("button", { name: "Créer le compte" });
    expect(screen.getByRole("link", { name: "Conditions d'utilisation" }).getAttribute("href")).toBe(
      "/terms-of-use",
    );
    expect(screen.getByRole("link", { name: "Politique de confidentialité" }).getAttribute("href")).toBe(
      "/data-protect-policy",
    );
  });
});
