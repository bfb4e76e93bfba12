import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sentBodies, stubApi, testAccount } from "../../test/stubApi.ts";
import { NOMINEE_ID, renderSharedWithMe, withMeView } from "../shared-with-me/testSharedWithMe.tsx";
import { renderRecords } from "./testRecords.tsx";

// The one edit of domain/sections/README.md's guide: a category appended to its module's file.
// Its labels are not in the translations, so the screens show their keys.
vi.mock("../../../domain/sections/household.ts", async (importOriginal) => {
  const { withBoat } = await import("../../../domain/testing/declaredCategory.ts");
  return withBoat(await importOriginal<typeof import("../../../domain/sections/household.ts")>());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const OWN_ID = "5b0c7a2e-0000-4000-8000-0000000000aa";
const NEW_ID = "5b0c7a2e-0000-4000-8000-0000000000bb";

describe("a category added by its declaration alone", () => {
  it("is a card of its module's page, and its add page saves it", async () => {
    const api = stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/records/household/count": { body: { boat: 2 } },
      "GET /api/pn/person": {
        body: { id: OWN_ID, group: "me", mainDetails: { firstName: "Ada", lastName: "Lovelace" } },
      },
      "GET /api/pn/person/me": { body: [] },
      "POST /api/records/household/boat": { body: NEW_ID },
    });
    const { router } = renderRecords("/dashboard/household");
    const card = await screen.findByRole("link", { name: /category\.boat/ });
    expect(card.getAttribute("href")).toBe("/dashboard/household/boat");
    await within(screen.getByTestId("category-card-boat")).findByText("2 records");

    await router.navigate("/dashboard/household/boat/add");
    await userEvent.type(await screen.findByRole("textbox", { name: /field\.boat\.name/ }), "Sea Breeze");
    screen.getByLabelText(/field\.boat\.registrationExpiry/);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/household/boat/view/${NEW_ID}`),
    );
    expect(sentBodies(api, "POST /api/records/household/boat")).toEqual([
      expect.objectContaining({ name: "Sea Breeze", holder: OWN_ID }),
    ]);
  });

  it("is in the file of a nominee it is shared with, under its module", async () => {
    const file = `/dashboard/shared-data/shared-with-me/${NOMINEE_ID}`;
    stubApi({
      "GET /api/account/account": { body: testAccount({ roles: [] }) },
      "GET /api/shared/with-me": {
        body: [withMeView({ scope: { modules: [], categories: ["boat" as never] } })],
      },
      [`GET /api/shared/nominee/${NOMINEE_ID}/records/household/count`]: { body: { boat: 1 } },
    });
    renderSharedWithMe(file);
    const household = await screen.findByRole("list", { name: "Household Management: shared categories" });
    const boat = within(household).getByRole("link", { name: /category\.boat/ });
    expect(boat.getAttribute("href")).toBe(`${file}/household/boat`);
    await within(within(household).getByTestId("category-card-boat")).findByText("1 record");
  });
});
