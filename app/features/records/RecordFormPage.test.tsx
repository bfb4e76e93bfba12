import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sentBodies, stubApi, testAccount } from "../../test/stubApi.ts";
import { renderRecords } from "./testRecords.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

const OWN_ID = "5b0c7a2e-0000-4000-8000-0000000000aa";
const NEW_ID = "5b0c7a2e-0000-4000-8000-0000000000bb";

function stubRecords(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    "GET /api/account/account": { body: testAccount() },
    "GET /api/pn/person": {
      body: { id: OWN_ID, group: "me", mainDetails: { firstName: "Ada", lastName: "Lovelace" } },
    },
    "GET /api/pn/person/me": {
      body: [
        {
          id: OWN_ID,
          createTime: 0,
          group: "me",
          type: null,
          mainDetails: { firstName: "Ada", lastName: "Lovelace", birthday: null, imageSrc: null },
        },
      ],
    },
    ...extra,
  });
}

describe("the record form", () => {
  it("draws each declared field by its type, in order, with the holder starting as the owner", async () => {
    stubRecords();
    renderRecords("/dashboard/passwordvault/password/add");
    await screen.findByRole("heading", { level: 1, name: "Add: Password" });
    await screen.findByRole("textbox", { name: /^Service or site/ });
    screen.getByRole("combobox", { name: /^Category/ });
    expect((screen.getByRole("textbox", { name: /^Web address/ }) as HTMLInputElement).type).toBe("url");
    expect((screen.getByRole("textbox", { name: /^Email on the account/ }) as HTMLInputElement).type).toBe(
      "email",
    );
    screen.getByLabelText(/^Password/, { selector: "input" });
    expect(screen.getByRole("textbox", { name: /^Notes/ }).tagName).toBe("TEXTAREA");
    await screen.findByRole("group", { name: "Documents" });
    screen.getByRole("button", { name: "Add a person" });
    await waitFor(() =>
      expect((screen.getByLabelText(/^Account owner/, { selector: "input" }) as HTMLInputElement).value).toBe(
        "Ada Lovelace (Me)",
      ),
    );
  });

  it("draws its documents field with the rest of the form, so nothing moves down after it is shown", async () => {
    stubRecords();
    renderRecords("/dashboard/passwordvault/password/add");
    await screen.findByRole("textbox", { name: /^Service or site/ });
    // In the same render as the first field: not a loader that the field replaces, taller, later.
    screen.getByRole("group", { name: "Documents" });
  });

  it("keeps the holder when the chosen person is picked again; only the cross clears it", async () => {
    stubRecords();
    renderRecords("/dashboard/passwordvault/password/add");
    const holder = (await screen.findByLabelText(/^Account owner/, {
      selector: "input",
    })) as HTMLInputElement;
    await waitFor(() => expect(holder.value).toBe("Ada Lovelace (Me)"));
    await userEvent.click(holder);
    await userEvent.click(await screen.findByRole("option", { name: "Ada Lovelace (Me)" }));
    expect(holder.value).toBe("Ada Lovelace (Me)");
    await userEvent.click(screen.getByRole("button", { name: /^Clear/ }));
    await waitFor(() => expect(holder.value).toBe(""));
  });

  it("names the owner from their own list alone, and asks for every list once the picker is used", async () => {
    const api = stubRecords();
    renderRecords("/dashboard/passwordvault/password/add");
    const holder = (await screen.findByLabelText(/^Account owner/, {
      selector: "input",
    })) as HTMLInputElement;
    await waitFor(() => expect(holder.value).toBe("Ada Lovelace (Me)"));
    const listsAskedFor = () =>
      api.mock.calls
        .map(([input]) => new URL(String(input), "http://localhost").pathname)
        .filter((path) => path.startsWith("/api/pn/person/"));
    expect(listsAskedFor()).toEqual(["/api/pn/person/me"]);
    await userEvent.click(holder);
    await waitFor(() => expect(listsAskedFor()).toContain("/api/pn/person/partner"));
    expect(listsAskedFor().filter((path) => path === "/api/pn/person/me")).toHaveLength(1);
  });

  it("shows the required messages beside their inputs and sends nothing", async () => {
    const api = stubRecords();
    renderRecords("/dashboard/passwordvault/password/add");
    await userEvent.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findAllByText("This field is required.")).toHaveLength(2);
    expect(screen.getByRole("textbox", { name: /^Service or site/ }).getAttribute("aria-invalid")).toBe(
      "true",
    );
    expect(sentBodies(api, "POST /api/records/passwordvault/password")).toHaveLength(0);
  });

  it("after saving on add, goes to the new record's view", async () => {
    const api = stubRecords({
      "POST /api/records/passwordvault/password": { body: NEW_ID },
      [`GET /api/records/passwordvault/password/${NEW_ID}`]: {
        body: {
          id: NEW_ID,
          module: "passwordvault",
          category: "password",
          createTime: 0,
          updateTime: 0,
          body: {},
          maskedFields: [],
        },
      },
    });
    const { router } = renderRecords("/dashboard/passwordvault/password/add");
    await userEvent.type(await screen.findByRole("textbox", { name: /^Service or site/ }), "Mail");
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: "input" }), "s3cret!");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/passwordvault/password/view/${NEW_ID}`),
    );
    const [body] = sentBodies(api, "POST /api/records/passwordvault/password") as Record<string, unknown>[];
    expect(body).toMatchObject({ accountNickname: "Mail", password: "s3cret!", holder: OWN_ID });
  });

  it("puts the server's refusal beside its input and keeps what was typed", async () => {
    stubRecords({
      "POST /api/records/passwordvault/password": {
        status: 400,
        body: {
          error: {
            code: "validation_failed",
            message: "Some fields need attention.",
            fields: { accountNickname: "This name is refused." },
          },
        },
      },
    });
    const { router } = renderRecords("/dashboard/passwordvault/password/add");
    const name = await screen.findByRole("textbox", { name: /^Service or site/ });
    await userEvent.type(name, "Mail");
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: "input" }), "s3cret!");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("This name is refused.");
    expect((name as HTMLInputElement).value).toBe("Mail");
    expect(router.state.location.pathname).toBe("/dashboard/passwordvault/password/add");
  });

  it("names the records a field refers to as their own pages do, by their declared title", async () => {
    const row = (id: string, columns: Record<string, unknown>) => ({
      id,
      category: "owned",
      createTime: 0,
      updateTime: 0,
      columns,
    });
    stubRecords({
      "GET /api/records/household/owned": {
        body: [
          row("5b0c7a2e-0000-4000-8000-0000000000c1", {
            address: { id: "5b0c7a2e-0000-4000-8000-0000000000d1", name: "12 Elm Street" },
            propertyType: "condo",
          }),
          row("5b0c7a2e-0000-4000-8000-0000000000c2", { propertyType: "house" }),
        ],
      },
      "GET /api/records/household/ownership": { body: [] },
      "GET /api/records/household/vehicle": { body: [] },
    });
    renderRecords("/dashboard/assets/liability/add");
    await userEvent.click(await screen.findByLabelText(/^Secured by/, { selector: "input" }));
    // The home by its address (a reference), not its first text column's raw option key.
    await screen.findByRole("option", { name: "12 Elm Street" });
    // A record whose title field is empty: its category and place in the list.
    screen.getByRole("option", { name: /2$/ });
  });

  it("money accepts only a minus, digits and one decimal point, and other reveals its text", async () => {
    const api = stubRecords({ "POST /api/records/assets/liability": { body: NEW_ID } });
    renderRecords("/dashboard/assets/liability/add");
    const amount = (await screen.findByRole("textbox", { name: /^Balance owing/ })) as HTMLInputElement;
    await userEvent.type(amount, "-12a,3.4.56e");
    expect(amount.value).toBe("-123.45");
    expect(screen.queryByRole("textbox", { name: /^Debt type: other/ })).toBeNull();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: /^Debt type/ }), "other");
    await screen.findByRole("textbox", { name: /^Debt type: other/ });
    await userEvent.type(screen.getByRole("textbox", { name: /^Debt type: other/ }), "Tab at the pub");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findAllByText("This field is required.");
    expect(sentBodies(api, "POST /api/records/assets/liability")).toHaveLength(0);
  });

  it("on edit, the secret's eye reveals it through the API, and saving goes to the view", async () => {
    const record = {
      id: NEW_ID,
      module: "passwordvault",
      category: "password",
      createTime: 0,
      updateTime: 0,
      body: { accountNickname: "Mail", password: "********", holder: OWN_ID },
      maskedFields: ["password"],
    };
    const api = stubRecords({
      [`GET /api/records/passwordvault/password/${NEW_ID}`]: { body: record },
      [`PUT /api/records/passwordvault/password/${NEW_ID}`]: { body: NEW_ID },
    });
    const { router } = renderRecords(`/dashboard/passwordvault/password/edit/${NEW_ID}`);
    const input = (await screen.findByLabelText(/^Password/, { selector: "input" })) as HTMLInputElement;
    expect(input.value).toBe("********");
    await userEvent.click(screen.getByRole("button", { name: "Show or hide Password" }));
    await waitFor(() =>
      expect(
        api.mock.calls.some(([url]) => String(url).endsWith(`/password/${NEW_ID}?reveal=password`)),
      ).toBe(true),
    );
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/passwordvault/password/view/${NEW_ID}`),
    );
    const [sent] = sentBodies(api, `PUT /api/records/passwordvault/password/${NEW_ID}`) as Record<
      string,
      unknown
    >[];
    // Seeing the secret is not changing it: the mask goes back and the server keeps the stored value.
    expect(sent).toMatchObject({ accountNickname: "Mail", password: "********" });
  });

  it("generates a vault password of the chosen length and kinds, and says how strong it is", async () => {
    stubRecords();
    renderRecords("/dashboard/passwordvault/password/add");
    const toggle = await screen.findByRole("button", { name: "Generate: Password" });
    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const length = await screen.findByRole("spinbutton", { name: /^Length/ });
    await userEvent.clear(length);
    await userEvent.type(length, "12");
    await userEvent.click(screen.getByRole("checkbox", { name: "Symbols" }));
    await userEvent.click(screen.getByRole("button", { name: "Generate password" }));
    const input = screen.getByLabelText(/^Password/, { selector: "input" }) as HTMLInputElement;
    await waitFor(() => expect(input.value).toHaveLength(12));
    expect(input.value).toMatch(/[A-Z]/);
    expect(input.value).toMatch(/[a-z]/);
    expect(input.value).toMatch(/[0-9]/);
    expect(input.value).toMatch(/^[A-Za-z0-9]+$/);
    screen.getByText(/^Strength: /);
  });

  it("marks a required company field as required", async () => {
    stubRecords({ "GET /api/institutions/": { body: [] } });
    renderRecords("/dashboard/assets/asset/add");
    const bank = await screen.findByRole("combobox", { name: /^Bank or credit union/ }, { timeout: 15_000 });
    expect(bank.hasAttribute("required")).toBe(true);
  });
});
