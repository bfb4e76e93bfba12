import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../test/render.tsx";
import { sentBodies, stubApi } from "../../test/stubApi.ts";
import { ResetPasswordPage } from "./ResetPasswordPage.tsx";

function visitReset() {
  const api = stubApi({ "POST /api/auth/reset-password": { body: { status: true } } });
  const view = renderRoutes(
    [
      { path: "/reset-password", Component: ResetPasswordPage },
      { path: "/login", element: <p>Sign-in page</p> },
    ],
    { entries: ["/reset-password?token=abc"] },
  );
  return { ...view, api };
}

afterEach(() => vi.unstubAllGlobals());

describe("/reset-password", () => {
  it("rates the new password, refuses a confirmation that does not match, then resets and goes to sign-in", async () => {
    const { api, router } = visitReset();
    const password = screen.getByLabelText(/^New password/);
    await userEvent.type(password, "Analytical-Engine-1843");
    screen.getByText("Password strength: strong");
    await userEvent.type(screen.getByLabelText(/^Confirm password/), "Analytical-Engine-1844");
    await userEvent.click(screen.getByRole("button", { name: "Change password" }));
    await screen.findByText("The passwords do not match.");
    expect(sentBodies(api, "POST /api/auth/reset-password")).toEqual([]);

    const confirm = screen.getByLabelText(/^Confirm password/);
    await userEvent.clear(confirm);
    await userEvent.type(confirm, "Analytical-Engine-1843");
    await userEvent.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toBe("?passwordChanged=1");
    expect(sentBodies(api, "POST /api/auth/reset-password")).toEqual([
      { token: "abc", newPassword: "Analytical-Engine-1843" },
    ]);
  });
});
