import { screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DashboardLayout } from "../../shell/DashboardLayout.tsx";
import { axeViolations as violations } from "../../test/axe.ts";
import { stubApi, testAccount } from "../../test/stubApi.ts";
import { AcceptedShareRequestPage } from "../share-request/AcceptedShareRequestPage.tsx";
import { MARCH_14, NOMINEE_ID, renderSharing, testNominee } from "./testSharing.tsx";

const LIST = "/dashboard/shared-data/shared-by-me";
const ONE = `/api/shared/nominees/${NOMINEE_ID}`;

function stubAll(roles = ["subscriber"]) {
  const nominee = testNominee({
    status: "requested",
    requestedAt: MARCH_14,
    releaseAt: MARCH_14 + 432_000_000,
  });
  stubApi({
    "GET /api/account/account": { body: testAccount({ roles }) },
    "GET /api/shared/nominees": { body: [nominee] },
    "GET /api/shared/with-me": { body: [] },
    [`GET ${ONE}`]: { body: nominee },
    [`GET ${ONE}/log`]: {
      body: [
        {
          id: "l1",
          kind: "view",
          subjectKind: "record",
          subjectId: "will",
          category: "will",
          field: null,
          createTime: MARCH_14,
        },
      ],
    },
    "GET /api/shared/owner/approve/n1": {
      body: {
        nominee: { firstName: "Alex", lastName: "Martin", email: "alex@example.com" },
        scope: { modules: ["inventory"], categories: ["insurance"] },
        release: "five_days",
        requestedAt: MARCH_14,
        releaseAt: MARCH_14 + 432_000_000,
      },
    },
    "POST /api/shared/owner/approve/n1/true": { body: true },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("the sharing screens, for assistive technologies", () => {
  it("the landing page (both kinds of account) and the list have no axe violation", async () => {
    stubAll();
    const landing = renderSharing("/dashboard/shared-data");
    await screen.findByText("You share your file with 1 nominee.");
    expect(await violations(landing.container)).toEqual([]);
    landing.unmount();
    vi.unstubAllGlobals();
    stubAll([]);
    const restricted = renderSharing("/dashboard/shared-data");
    await screen.findByText(/Sharing your own file needs a subscription/);
    expect(await violations(restricted.container)).toEqual([]);
    restricted.unmount();
    vi.unstubAllGlobals();
    stubAll();
    const list = renderSharing(LIST);
    await screen.findByTestId("nominee-list");
    expect(await violations(list.container)).toEqual([]);
  }, 60_000);

  it("the form with its messages shown, the view with its log and the banner have no axe violation", async () => {
    stubAll();
    const form = renderSharing(`${LIST}/add`);
    await userEvent.click(await screen.findByRole("button", { name: "Save" }));
    await screen.findByText("Choose at least one module or category to share.");
    expect(await violations(form.container)).toEqual([]);
    form.unmount();
    const edit = renderSharing(`${LIST}/edit/${NOMINEE_ID}`);
    await screen.findByRole("textbox", { name: /^First Name/ });
    expect(await violations(edit.container)).toEqual([]);
    edit.unmount();
    const view = renderSharing(`${LIST}/view/${NOMINEE_ID}`);
    await screen.findByText("Alex viewed Will, 14:02");
    expect(await violations(view.container)).toEqual([]);
    view.unmount();
    const shell = renderSharing("/dashboard/assets", {
      routes: [{ Component: DashboardLayout, children: [{ path: "*", element: <h1>Screen</h1> }] }],
    });
    await screen.findByTestId(`request-banner-${NOMINEE_ID}`);
    expect(await violations(shell.container)).toEqual([]);
  }, 90_000);

  it("the share answer page has no axe violation, loading, asking or done", async () => {
    stubAll();
    const page = renderSharing("/accepted-share-request?nomineeId=n1&approve=true&sign=s", {
      routes: [{ path: "/accepted-share-request", element: <AcceptedShareRequestPage /> }],
    });
    expect(await violations(page.container)).toEqual([]);
    const confirm = await screen.findByRole("button", { name: "Approve access for Alex Martin" });
    expect(await violations(page.container)).toEqual([]);
    await userEvent.setup().click(confirm);
    await screen.findByText("Success! Access has been successfully granted!");
    expect(await violations(page.container)).toEqual([]);
  }, 60_000);
});
