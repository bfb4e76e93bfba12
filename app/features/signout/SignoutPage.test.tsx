import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../test/render.tsx";
import { stubApi } from "../../test/stubApi.ts";
import { SignoutPage } from "./SignoutPage.tsx";

afterEach(() => vi.unstubAllGlobals());

function visit(entry: string) {
  stubApi({
    "GET /api/account/signout-url": { body: { url: null } },
    "POST /api/auth/sign-out": { body: { success: true } },
  });
  return renderRoutes(
    [
      { path: "/signout", element: <SignoutPage /> },
      { path: "/login", element: <h1>Sign in</h1> },
    ],
    { entries: [entry] },
  );
}

describe("/signout", () => {
  it("goes to a plain sign-in after the person signs out", async () => {
    const { router } = visit("/signout");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toBe("");
  });

  it("after a session's end, tells sign-in why and which page to reopen", async () => {
    const { router } = visit("/signout?expired=1&next=%2Fdashboard%2Fassets");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get("expired")).toBe("1");
    expect(params.get("next")).toBe("/dashboard/assets");
  });
});
