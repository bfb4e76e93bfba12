import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../test/render.tsx";
import { stubApi } from "../../test/stubApi.ts";
import { UnlockSignInPage } from "../login/UnlockSignInPage.tsx";
import { ConfirmEmailPage } from "./ConfirmEmailPage.tsx";

/** A token's shape (header.payload.signature) with the claims the page shows; better-auth checks it. */
const claims = (payload: object) => `e30.${btoa(JSON.stringify(payload)).replace(/=+$/, "")}.sig`;

function visit(entry: string, answers: Parameters<typeof stubApi>[0]) {
  const api = stubApi(answers);
  const view = renderRoutes(
    [
      { path: "/verify-email", Component: ConfirmEmailPage },
      { path: "/unlock-sign-in", Component: UnlockSignInPage },
      { path: "/login", element: <p>Sign-in page</p> },
      { path: "/dashboard/manage-account", element: <p>My account</p> },
    ],
    { entries: [entry] },
  );
  return { ...view, api };
}

afterEach(() => vi.unstubAllGlobals());

describe("mailed links that change something act only on a click", () => {
  it("/verify-email names the address, calls nothing on load, and verifies on Confirm", async () => {
    const token = claims({ email: "ada@example.com" });
    const callback = "/login?verified=1&email=ada%40example.com";
    const { api, router } = visit(`/verify-email?${new URLSearchParams({ token, callbackURL: callback })}`, {
      "GET /api/auth/verify-email": { body: { status: true } },
    });
    await screen.findByText(
      "Press the button to confirm ada@example.com as the address of your Kinfile account.",
    );
    expect(api).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toBe("?verified=1&email=ada%40example.com");
    expect(api).toHaveBeenCalledTimes(1);
    expect(String(api.mock.calls[0]?.[0])).toBe(`/api/auth/verify-email?${new URLSearchParams({ token })}`);
  });

  it("/verify-email says an account's move, and a refused link in words", async () => {
    const token = claims({
      email: "old@example.com",
      updateTo: "new@example.com",
      requestType: "change-email-confirmation",
    });
    visit(`/verify-email?${new URLSearchParams({ token, callbackURL: "//evil.example" })}`, {
      "GET /api/auth/verify-email": { status: 401, body: { error: { code: "invalid_token", message: "x" } } },
    });
    await screen.findByText(
      "Press the button to confirm that your Kinfile account moves to the address new@example.com.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This confirmation link is not valid, has expired or was already used. Sign in to receive a new one.",
    );
  });

  it("/unlock-sign-in posts the signed query only from its button, then goes to sign-in", async () => {
    const query = "email=ada%40example.com&expires=1&sig=abc";
    const { api, router } = visit(`/unlock-sign-in?${query}`, {
      "POST /api/auth/unlock-sign-in": { body: { unlocked: true } },
    });
    await screen.findByText(/Sign-ins to ada@example.com were paused/);
    expect(api).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Allow this browser" }));
    await waitFor(() => expect(router.state.location.search).toBe("?unlocked=1"));
    expect(String(api.mock.calls[0]?.[0])).toBe(`/api/auth/unlock-sign-in?${query}`);
    expect(api.mock.calls[0]?.[1]?.method).toBe("POST");
  });
});
