import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DashboardLayout } from "../../shell/DashboardLayout.tsx";
import { stubApi, testAccount } from "../../test/stubApi.ts";
import { MARCH_14, NOMINEE_ID, renderSharing, testNominee } from "./testSharing.tsx";

const ROUTES = [{ Component: DashboardLayout, children: [{ path: "*", element: <h1>Screen</h1> }] }];
const FIVE_DAYS = 5 * 86_400_000;

function requested(release: "five_days" | "manual") {
  return testNominee({
    status: "requested",
    release,
    requestedAt: MARCH_14,
    releaseAt: release === "manual" ? null : MARCH_14 + FIVE_DAYS,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("the pending-request banner", () => {
  it("asks the owner on every dashboard page, and Approve posts the in-app answer", async () => {
    const api = stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/shared/nominees": {
        body: [requested("five_days"), testNominee({ id: "n2", status: "released" })],
      },
      [`POST /api/shared/nominees/${NOMINEE_ID}/approve`]: { body: testNominee({ status: "released" }) },
    });
    renderSharing("/dashboard/assets", { routes: ROUTES });
    const banner = await screen.findByTestId(`request-banner-${NOMINEE_ID}`);
    expect(banner.getAttribute("role")).toBe("alert");
    expect(banner.textContent).toContain(
      "Alex Martin asked for access to your shared file. Access will be released on 19 Mar 2026 unless you decline.",
    );
    expect(within(banner).getByRole("link", { name: "See Alex Martin" }).getAttribute("href")).toBe(
      `/dashboard/shared-data/shared-by-me/view/${NOMINEE_ID}`,
    );
    // Only requests ask: the released nominee has no banner.
    expect(screen.queryByTestId("request-banner-n2")).toBeNull();

    const user = userEvent.setup();
    await user.click(within(banner).getByRole("button", { name: "Approve" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Yes" }));
    await waitFor(() =>
      expect(
        api.mock.calls.filter(
          ([input, init]) =>
            init?.method === "POST" && String(input) === `/api/shared/nominees/${NOMINEE_ID}/approve`,
        ),
      ).toHaveLength(1),
    );
  });

  it("says a manual request waits for the owner, in French too", async () => {
    stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/shared/nominees": { body: [requested("manual")] },
    });
    renderSharing("/dashboard/personal-network", { routes: ROUTES, language: "fr" });
    const banner = await screen.findByTestId(`request-banner-${NOMINEE_ID}`);
    expect(banner.textContent).toContain(
      "Alex Martin a demandé l'accès à votre dossier partagé. L'accès ne sera pas accordé tant que vous ne l'aurez pas approuvé.",
    );
    within(banner).getByRole("button", { name: "Refuser" });
  });

  it("asks nothing for an account that cannot have nominees", async () => {
    const api = stubApi({ "GET /api/account/account": { body: testAccount({ roles: [] }) } });
    renderSharing("/dashboard/shared-data", { routes: ROUTES });
    await screen.findByRole("heading", { name: "Screen" });
    await waitFor(() =>
      expect(api.mock.calls.some(([url]) => String(url) === "/api/account/account")).toBe(true),
    );
    expect(api.mock.calls.some(([url]) => String(url) === "/api/shared/nominees")).toBe(false);
    expect(screen.queryByTestId(`request-banner-${NOMINEE_ID}`)).toBeNull();
  });
});
