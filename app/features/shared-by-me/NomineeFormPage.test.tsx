import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sentBodies, stubApi, testAccount } from "../../test/stubApi.ts";
import { NOMINEE_ID, renderSharing, testNominee } from "./testSharing.tsx";

const LIST = "/dashboard/shared-data/shared-by-me";
const PERSON_ID = "5b0c7a2e-0000-4000-8000-0000000000cc";

const PARTNER = {
  id: PERSON_ID,
  createTime: 0,
  group: "partner",
  type: "spouse",
  mainDetails: { firstName: "Sam", lastName: "Lee", birthday: null, imageSrc: null },
  contactDetails: { emails: ["sam@example.com", "other@example.com"], phones: [] },
};

function stubForm(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    "GET /api/account/account": { body: testAccount() },
    "GET /api/pn/person/partner": { body: [PARTNER] },
    ...extra,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("the nominee form", () => {
  it("shows the schema's messages beside their inputs and sends nothing", async () => {
    const api = stubForm();
    renderSharing(`${LIST}/add`);
    await userEvent.click(await screen.findByRole("button", { name: "Save" }));
    await screen.findByText("Please enter the nominee's first name.");
    screen.getByText("Please enter the nominee's last name.");
    screen.getByText("Please enter the nominee's email address.");
    screen.getByText("Choose at least one module or category to share.");
    expect(screen.getByRole("textbox", { name: /^First Name/ }).getAttribute("aria-invalid")).toBe("true");
    expect(sentBodies(api, "POST /api/shared/nominees")).toHaveLength(0);

    await userEvent.type(screen.getByRole("textbox", { name: /^Email/ }), "not-an-email");
    await userEvent.tab();
    await screen.findByText("Enter a valid email address.");
  });

  it("prefills from a person of the network, sends the create body, then opens the new nominee", async () => {
    const api = stubForm({
      "POST /api/shared/nominees": { body: NOMINEE_ID },
      [`GET /api/shared/nominees/${NOMINEE_ID}`]: { body: testNominee() },
      [`GET /api/shared/nominees/${NOMINEE_ID}/log`]: { body: [] },
    });
    const { router } = renderSharing(`${LIST}/add`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("combobox", { name: /^Person from my network/ }));
    await user.click(await screen.findByRole("option", { name: "Sam Lee (Spouse/Partner)" }));
    expect((screen.getByRole("textbox", { name: /^First Name/ }) as HTMLInputElement).value).toBe("Sam");
    expect((screen.getByRole("textbox", { name: /^Last Name/ }) as HTMLInputElement).value).toBe("Lee");
    expect((screen.getByRole("textbox", { name: /^Email/ }) as HTMLInputElement).value).toBe(
      "sam@example.com",
    );

    await user.click(screen.getByRole("checkbox", { name: "Key Document Inventory (all)" }));
    // A module shared whole needs no single categories: its picker goes away.
    expect(
      screen.queryByRole("combobox", { name: "Only these categories of Key Document Inventory" }),
    ).toBeNull();
    const assets = screen.getByTestId("scope-assets");
    await user.click(
      within(assets).getByRole("combobox", { name: "Only these categories of Assets, Insurance & Debts" }),
    );
    await user.click(await screen.findByRole("option", { name: "Insurance Policies" }));
    await user.selectOptions(screen.getByRole("combobox", { name: /^When access is released/ }), "five_days");
    await user.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`${LIST}/view/${NOMINEE_ID}`));
    expect(sentBodies(api, "POST /api/shared/nominees")).toEqual([
      {
        personId: PERSON_ID,
        firstName: "Sam",
        lastName: "Lee",
        email: "sam@example.com",
        scope: { modules: ["inventory"], categories: ["insurance"] },
        release: "five_days",
      },
    ]);
  });

  it("puts the server's field messages beside their inputs", async () => {
    stubForm({
      "POST /api/shared/nominees": {
        status: 400,
        body: {
          error: {
            code: "validation_failed",
            message: "Check the fields.",
            fields: { email: "You cannot name yourself." },
          },
        },
      },
    });
    renderSharing(`${LIST}/add`);
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: /^First Name/ }), "Ada");
    await user.type(screen.getByRole("textbox", { name: /^Last Name/ }), "Lovelace");
    await user.type(screen.getByRole("textbox", { name: /^Email/ }), "ada@example.com");
    await user.click(screen.getByRole("checkbox", { name: "Personal Network (all)" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("You cannot name yourself.");
    expect(screen.getByRole("textbox", { name: /^Email/ }).getAttribute("aria-invalid")).toBe("true");
  });

  it("on edit, sends the update body with the end of access, then goes to the view", async () => {
    const released = testNominee({ status: "released", releasedAt: Date.UTC(2026, 2, 20) });
    const api = stubForm({
      [`GET /api/shared/nominees/${NOMINEE_ID}`]: { body: released },
      [`PUT /api/shared/nominees/${NOMINEE_ID}`]: { body: released },
      [`GET /api/shared/nominees/${NOMINEE_ID}/log`]: { body: [] },
    });
    const { router } = renderSharing(`${LIST}/edit/${NOMINEE_ID}`, {
      entries: [LIST, `${LIST}/edit/${NOMINEE_ID}`],
    });
    const email = await screen.findByRole("textbox", { name: /^Email/ });
    // Accepted, the nominee's address is their account's.
    expect(email.hasAttribute("disabled")).toBe(true);
    // The date picker loads when first shown; a busy input stands in until then.
    const ends = await screen.findByRole("textbox", { name: "Access ends on" });
    await userEvent.type(ends, "2026-06-30");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${LIST}/view/${NOMINEE_ID}`));
    expect(sentBodies(api, `PUT /api/shared/nominees/${NOMINEE_ID}`)).toEqual([
      {
        personId: null,
        firstName: "Alex",
        lastName: "Martin",
        email: "alex@example.com",
        scope: { modules: ["inventory"], categories: ["insurance"] },
        release: "five_days",
        accessEndsAt: Date.UTC(2026, 5, 30),
      },
    ]);
  });

  it("asks before leaving with unsaved changes; Yes saves the nominee", async () => {
    const api = stubForm({ "POST /api/shared/nominees": { body: NOMINEE_ID } });
    const { router } = renderSharing(`${LIST}/add`, { entries: [LIST, `${LIST}/add`] });
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: /^First Name/ }), "Ada");
    await user.type(screen.getByRole("textbox", { name: /^Last Name/ }), "Lovelace");
    await user.type(screen.getByRole("textbox", { name: /^Email/ }), "ada@example.org");
    await user.click(screen.getByRole("checkbox", { name: "Password Vault (all)" }));
    await user.click(screen.getByRole("button", { name: "Back" }));
    const dialog = await screen.findByRole("dialog", { name: "Save the Record" });
    await user.click(within(dialog).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST), { timeout: 3_000 });
    expect(sentBodies(api, "POST /api/shared/nominees")).toEqual([
      {
        personId: null,
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.org",
        scope: { modules: ["passwordvault"], categories: [] },
        release: "manual",
      },
    ]);
  });

  it("offers no form to an account with neither subscriber nor b2b", async () => {
    stubApi({ "GET /api/account/account": { body: testAccount({ roles: [] }) } });
    renderSharing(`${LIST}/add`);
    await screen.findByText(/Sharing your own file needs a subscription/);
    expect(screen.queryByTestId("nominee-form")).toBeNull();
  });

  it("asks for an end of access only once access is released", async () => {
    stubForm({ [`GET /api/shared/nominees/${NOMINEE_ID}`]: { body: testNominee({ status: "accepted" }) } });
    renderSharing(`${LIST}/edit/${NOMINEE_ID}`);
    await screen.findByRole("textbox", { name: /^First Name/ });
    expect(screen.queryByLabelText("Access ends on")).toBeNull();
  });
});
