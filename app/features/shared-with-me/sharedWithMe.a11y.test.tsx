import { screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { axeViolations } from "../../test/axe.ts";
import { stubApi, testAccount } from "../../test/stubApi.ts";
import { NOMINEE_ID, renderSharedWithMe, withMeView } from "./testSharedWithMe.tsx";

const FILE = `/dashboard/shared-data/shared-with-me/${NOMINEE_ID}`;
const API = `/api/shared/nominee/${NOMINEE_ID}`;
const RECORD = "5b0c7a2e-0000-4000-8000-0000000000c1";

afterEach(() => vi.unstubAllGlobals());

function stubAll() {
  stubApi({
    "GET /api/account/account": { body: testAccount({ roles: [] }) },
    "GET /api/shared/with-me": {
      body: [
        withMeView(),
        withMeView({
          nomineeId: "7c1d0b3e-0000-4000-8000-000000000002",
          owner: { firstName: null, lastName: null, email: "alan@example.com" },
          status: "accepted",
          releasedAt: null,
        }),
        withMeView({
          nomineeId: "7c1d0b3e-0000-4000-8000-000000000003",
          status: "invited",
          releasedAt: null,
        }),
        withMeView({
          nomineeId: "7c1d0b3e-0000-4000-8000-000000000004",
          owner: { firstName: "Grace", lastName: "Hopper", email: "grace@example.com" },
          ownerSuspended: true,
        }),
      ],
    },
    [`GET ${API}/records/inventory/count`]: { body: { will: 1 } },
    [`GET ${API}/records/household/count`]: { body: { pet: 0 } },
    [`GET ${API}/records/assets/count`]: { body: { creditcard: 1 } },
    [`GET ${API}/records/assets/creditcard/${RECORD}`]: {
      body: {
        id: RECORD,
        module: "assets",
        category: "creditcard",
        createTime: 0,
        updateTime: 0,
        body: { accountNickname: "Visa", cardNumber: "********" },
        maskedFields: ["cardNumber"],
      },
    },
    [`GET ${API}/documents`]: { body: [] },
  });
}

describe("Shared with me, for assistive technologies", () => {
  it("the list of owners and the request dialog have no axe violation", async () => {
    stubAll();
    const { container } = renderSharedWithMe("/dashboard/shared-data/shared-with-me");
    await screen.findByRole("article", { name: "alan@example.com" });
    expect(await axeViolations(container)).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Request access to alan@example.com's file" }));
    const dialog = await screen.findByRole("dialog");
    expect(await axeViolations(dialog)).toEqual([]);
  }, 60_000);

  it("a shared file, a shared record and the shared library have no axe violation", async () => {
    stubAll();
    const file = renderSharedWithMe(FILE);
    await screen.findAllByText("1 record");
    expect(await axeViolations(file.container)).toEqual([]);
    file.unmount();
    const view = renderSharedWithMe(`${FILE}/assets/creditcard/view/${RECORD}`);
    await screen.findByRole("heading", { name: "Visa", level: 1 });
    expect(await axeViolations(view.container)).toEqual([]);
    view.unmount();
    const library = renderSharedWithMe(`${FILE}/inventory/documentlibrary`);
    await screen.findByText("No document of the library is shared with you.");
    expect(await axeViolations(library.container)).toEqual([]);
  }, 60_000);
});
