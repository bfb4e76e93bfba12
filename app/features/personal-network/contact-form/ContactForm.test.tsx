import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PersonRecord } from "../../../../domain/schemas/person.ts";
import { guardedForm } from "../../../shell/unsaved/unsavedForm.ts";
import { renderWithProviders } from "../../../test/render.tsx";
import { conflictThenSaved, ifMatchesSent, sentBodies, stubApi } from "../../../test/stubApi.ts";
import { ContactForm } from "./ContactForm.tsx";

const ME: PersonRecord = {
  id: "5a0c4a3e-0000-4000-8000-000000000001",
  createTime: 0,
  updateTime: 0,
  group: "me",
  type: null,
  contactDetails: {
    emails: ["ada@example.com"],
    phones: [{ code: "CA", number: "+14165550123", type: "mobile" }],
  },
  homeAddress: null,
  mailingAddress: null,
  iceDetails: { emergencyContacts: [] },
  kinDetails: { emergencyContacts: [] },
  importantDates: { death: null, divorce: null, marriage: null, separation: null },
  mainDetails: {
    birthday: null,
    birthcountry: null,
    birthplace: null,
    citizenship: null,
    firstName: "Ada",
    gender: null,
    lastName: "Lovelace",
    maritalStatus: null,
    middleName: null,
    motherMaidenName: null,
    nickname: null,
    imageSrc: null,
    prefferedName: null,
    socialNumber: null,
  },
  notes: null,
  relationDetails: null,
  currentPartner: null,
  businessAddress: null,
  companyName: null,
  otherType: null,
};

const EMPTY_LISTS = {
  "GET /api/address/": { body: [] },
  "GET /api/institutions/": { body: [] },
};

function renderForm(props: Partial<Parameters<typeof ContactForm>[0]> = {}) {
  const handlers = { onSaved: vi.fn(), onCancel: vi.fn(), onDeleted: vi.fn() };
  const rendered = renderWithProviders(<ContactForm {...handlers} {...props} />);
  return { ...rendered, ...handlers };
}

const field = (name: string) => screen.getByRole("textbox", { name }) as HTMLInputElement;
const select = (name: string) => screen.getByRole("combobox", { name }) as HTMLSelectElement;
const optionValues = (name: string) =>
  within(select(name))
    .getAllByRole("option")
    .map((option) => (option as HTMLOptionElement).value)
    .filter(Boolean);
const saveButton = () => screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;

afterEach(() => vi.unstubAllGlobals());

describe("ContactForm", () => {
  it("says what is required when a field is left, and keeps Save disabled until it is given", async () => {
    stubApi(EMPTY_LISTS);
    const user = userEvent.setup();
    renderForm();
    await user.click(field("First Name"));
    await user.tab();
    // The first check waits a moment for the schema, fetched when the form took the focus.
    await screen.findByText("Please enter First Name");
    expect(field("First Name").getAttribute("aria-invalid")).toBe("true");
    select("Relationship Group").focus();
    await user.tab();
    await screen.findByText("Please enter Relationship Group");
    expect(saveButton().disabled).toBe(true);

    await user.type(field("First Name"), "Grace");
    await user.selectOptions(select("Relationship Group"), "child");
    select("Relationship Type").focus();
    await user.tab();
    screen.getByText("Please enter Relationship Type");
    await user.selectOptions(select("Relationship Type"), "daughter");
    expect(saveButton().disabled).toBe(false);
  });

  it("clears the type when the group changes, and reveals a free text for the type Other", async () => {
    stubApi(EMPTY_LISTS);
    const user = userEvent.setup();
    renderForm({ group: "relative" });
    await user.selectOptions(select("Relationship Type"), "other");
    field("Other relationship type");
    await user.selectOptions(select("Relationship Group"), "advisor");
    expect(select("Relationship Type").value).toBe("");
    expect(screen.queryByRole("textbox", { name: "Other relationship type" })).toBeNull();
    expect(optionValues("Relationship Type")).toContain("lawyer");
    // An advisor has a company and a business address.
    screen.getByRole("combobox", { name: "Company" });
    screen.getByRole("combobox", { name: "Business address" });
  });

  it("offers only the family tree's groups and types on the family tree", async () => {
    stubApi(EMPTY_LISTS);
    const user = userEvent.setup();
    renderForm({ familyTree: true });
    expect(optionValues("Relationship Group")).toEqual(["child", "dependent", "partner", "relative"]);
    await user.selectOptions(select("Relationship Group"), "relative");
    expect(optionValues("Relationship Type")).toEqual([
      "brother",
      "father",
      "grandfather",
      "grandmother",
      "mother",
      "sister",
    ]);
  });

  it("loads the user's own record: its group cannot change, it has no type and no Delete", async () => {
    stubApi({ ...EMPTY_LISTS, "GET /api/pn/person": { body: ME, headers: { ETag: '"1"' } } });
    renderForm({ group: "me", personId: ME.id });
    screen.getByLabelText("Loading the contact…");
    expect(((await screen.findByRole("textbox", { name: "First Name" })) as HTMLInputElement).value).toBe(
      "Ada",
    );
    expect(select("Relationship Group").disabled).toBe(true);
    expect(select("Relationship Group").value).toBe("me");
    expect(screen.queryByRole("combobox", { name: "Relationship Type" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Contact" })).toBeNull();
    expect(field("Phone 1 number").value).toBe("+1 416 555 0123");
  });

  it("shows the server's field messages beside their inputs and keeps what was typed", async () => {
    const api = stubApi({
      ...EMPTY_LISTS,
      "POST /api/pn/person": {
        status: 400,
        body: {
          error: {
            code: "validation_failed",
            message: "Some fields need your attention.",
            fields: {
              "mainDetails.lastName": "Use at most 256 characters.",
              "mainDetails.nickname": "This nickname is refused.",
            },
          },
        },
      },
    });
    const user = userEvent.setup();
    const { onSaved } = renderForm({ group: "child" });
    await user.type(field("First Name"), "Grace");
    await user.type(field("Last Name"), "Hopper");
    await user.selectOptions(select("Relationship Type"), "daughter");
    await user.click(saveButton());
    await screen.findByText("Use at most 256 characters.");
    expect(field("Last Name").getAttribute("aria-invalid")).toBe("true");
    // The message of a field under "More details" opens that part (its code loads on a cold test
    // run in several seconds).
    expect(screen.getByRole("button", { name: "More details" }).getAttribute("aria-expanded")).toBe("true");
    await screen.findByRole("textbox", { name: "Nickname" }, { timeout: 15_000 });
    screen.getByText("This nickname is refused.");
    expect(field("First Name").value).toBe("Grace");
    expect(field("Last Name").value).toBe("Hopper");
    expect(onSaved).not.toHaveBeenCalled();
    expect(sentBodies(api, "POST /api/pn/person")[0]).toMatchObject({
      group: "child",
      type: "daughter",
      mainDetails: { firstName: "Grace", lastName: "Hopper" },
    });
  });

  it("saves a new person, answers the unsaved-changes guard, and reports the saved id", async () => {
    const api = stubApi({
      ...EMPTY_LISTS,
      "POST /api/pn/person": { body: "5a0c4a3e-0000-4000-8000-000000000009", headers: { ETag: '"1"' } },
    });
    const user = userEvent.setup();
    const { onSaved } = renderForm({ group: "partner" });
    expect(guardedForm()?.isDirty()).toBe(false);
    expect(await guardedForm()?.save()).toBe("invalid");
    await user.type(field("First Name"), "Charles");
    await user.selectOptions(select("Relationship Type"), "husband");
    expect(guardedForm()?.isDirty()).toBe(true);
    await user.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith("5a0c4a3e-0000-4000-8000-000000000009"));
    const body = sentBodies(api, "POST /api/pn/person")[0] as Record<string, unknown>;
    expect(body).toMatchObject({ group: "partner", type: "husband", currentPartner: true });
    // The photo and the secret are sent only when they changed.
    expect(body.mainDetails).not.toHaveProperty("imageSrc");
    expect(body.mainDetails).not.toHaveProperty("socialNumber");
    expect(guardedForm()?.isDirty()).toBe(false);
  });

  it("deletes a saved contact after the Delete the Record question", async () => {
    const child: PersonRecord = {
      ...ME,
      id: "5a0c4a3e-0000-4000-8000-000000000002",
      group: "child",
      type: "son",
    };
    const api = stubApi({
      ...EMPTY_LISTS,
      [`GET /api/pn/person/child/${child.id}`]: { body: child, headers: { ETag: '"1"' } },
      [`DELETE /api/pn/person/${child.id}`]: { status: 204 },
    });
    const user = userEvent.setup();
    const { onDeleted } = renderForm({ group: "child", personId: child.id });
    await user.click(await screen.findByRole("button", { name: "Delete Contact" }));
    screen.getByText("Are you sure you want to delete this record?");
    await user.click(screen.getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(api.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(true);
  });

  it("refuses a photo that is not JPEG or PNG, or not under 5 MB, with the spec's messages", async () => {
    stubApi(EMPTY_LISTS);
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderForm({ group: "child" });
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(["GIF89a"], "cat.gif", { type: "image/gif" }));
    screen.getByText("You can upload only JPG/PNG file!");
    const big = new File([new Uint8Array(5 * 1024 * 1024)], "big.jpg", { type: "image/jpeg" });
    await user.upload(input, big);
    screen.getByText("Image must be smaller than 5MB!");
  });

  it("clears what was typed 300 ms after Cancel", async () => {
    stubApi(EMPTY_LISTS);
    const user = userEvent.setup();
    const { onCancel } = renderForm({ group: "child" });
    await user.type(field("First Name"), "Grace");
    const cancelledAt = Date.now();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalled();
    expect(field("First Name").value).toBe("Grace");
    await waitFor(() => expect(field("First Name").value).toBe(""));
    expect(Date.now() - cancelledAt).toBeGreaterThanOrEqual(300);
  });
});

describe("a save refused because the person was saved since the form loaded it", () => {
  const child: PersonRecord = {
    ...ME,
    id: "5a0c4a3e-0000-4000-8000-000000000003",
    group: "child",
    type: "son",
  };

  /** Loaded at version 3; the first save is refused, Adeline having been saved as version 4 since. */
  function stubConflict() {
    const current = {
      ...child,
      mainDetails: { ...child.mainDetails, firstName: "Adeline" },
      updateTime: Date.UTC(2026, 10, 27, 14, 2),
      changedBy: { id: "5b0c7a2e-0000-4000-8000-0000000000aa", name: "Sam Carter" },
    };
    return stubApi({
      ...EMPTY_LISTS,
      [`GET /api/pn/person/child/${child.id}`]: { body: child, headers: { ETag: '"3"' } },
      "POST /api/pn/person": conflictThenSaved(current, 4, () => ({
        body: child.id,
        headers: { ETag: '"5"' },
      })),
    });
  }

  const ifMatches = (api: ReturnType<typeof stubApi>) => ifMatchesSent(api, "POST");

  async function saveAndConflict(user: ReturnType<typeof userEvent.setup>) {
    const firstName = (await screen.findByRole("textbox", { name: "First Name" })) as HTMLInputElement;
    await user.clear(firstName);
    await user.type(firstName, "Ava");
    await user.click(saveButton());
    return screen.findByRole("region", { name: "This record was saved while you were editing it" });
  }

  it("shows the names of both versions and keeps mine over the saved one", async () => {
    const api = stubConflict();
    const user = userEvent.setup();
    const { onSaved } = renderForm({ group: "child", personId: child.id });
    const conflict = await saveAndConflict(user);
    await waitFor(() => expect(document.activeElement).toBe(conflict));
    expect(conflict.textContent).toMatch(/Saved by Sam Carter on .*2026/);
    const rows = within(conflict).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^First Name.*Your version.*Ava.*Saved version.*Adeline/),
    ]);
    expect(onSaved).not.toHaveBeenCalled();
    await user.click(within(conflict).getByRole("button", { name: "Keep mine" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(child.id));
    expect(ifMatches(api)).toEqual(['"3"', '"4"']);
    expect(sentBodies(api, "POST /api/pn/person")[1]).toMatchObject({ mainDetails: { firstName: "Ava" } });
  });

  it("takes the saved version into the form, and the next save replaces it", async () => {
    const api = stubConflict();
    const user = userEvent.setup();
    const { onSaved } = renderForm({ group: "child", personId: child.id });
    const conflict = await saveAndConflict(user);
    await user.click(within(conflict).getByRole("button", { name: "Take the saved version" }));
    expect(field("First Name").value).toBe("Adeline");
    screen.getByText("The saved version is now in the form.");
    expect(screen.queryByRole("region", { name: /was saved while you were editing/ })).toBeNull();
    await user.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(child.id));
    expect(ifMatches(api)).toEqual(['"3"', '"4"']);
  });
});
