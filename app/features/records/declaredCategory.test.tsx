import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sentBodies, stubApi, testAccount } from "../../test/stubApi.ts";
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
    expect(await within(card).findByText("2 records")).toBeTruthy();

    await router.navigate("/dashboard/household/boat/add");
    await userEvent.type(await screen.findByRole("textbox", { name: /field\.boat\.name/ }), "Sea Breeze");
    expect(screen.getByLabelText(/field\.boat\.registrationExpiry/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/household/boat/view/${NEW_ID}`),
    );
    expect(sentBodies(api, "POST /api/records/household/boat")).toEqual([
      expect.objectContaining({ name: "Sea Breeze", holder: OWN_ID }),
    ]);
  });
});
