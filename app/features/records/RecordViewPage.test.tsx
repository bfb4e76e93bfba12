import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sentBodies, stubApi, testAccount } from "../../test/stubApi.ts";
import { renderRecords } from "./testRecords.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

const ID = "5b0c7a2e-0000-4000-8000-0000000000cc";
const OWNER = "5b0c7a2e-0000-4000-8000-0000000000ee";
const PATH = `/api/records/passwordvault/password/${ID}`;

function visit(roles: string[], changedBy: { id: string; name: string } | null = null) {
  const record = {
    id: ID,
    module: "passwordvault",
    category: "password",
    createTime: 0,
    updateTime: Date.UTC(2026, 10, 27, 14, 2),
    version: 2,
    changedBy,
    body: {
      accountNickname: "Mail",
      username: "ada@example.com",
      url: "https://mail.example.com",
      password: "********",
      passwordCategory: "email",
      holder: OWNER,
      notes: null,
    },
    maskedFields: ["password"],
  };
  const api = stubApi({
    "GET /api/account/account": { body: testAccount({ roles }) },
    [`GET ${PATH}`]: { body: record },
    [`DELETE ${PATH}`]: { status: 204 },
    "GET /api/records/passwordvault/password": { body: [] },
    "GET /api/pn/person/me": {
      body: [
        {
          id: OWNER,
          createTime: 0,
          group: "me",
          type: null,
          mainDetails: { firstName: "Ada", lastName: "Lovelace", birthday: null, imageSrc: null },
          contactDetails: { emails: [], phones: [] },
        },
      ],
    },
  });
  const list = "/dashboard/passwordvault/password";
  return { api, ...renderRecords(`${list}/view/${ID}`, { entries: [list, `${list}/view/${ID}`] }) };
}

describe("a record's view", () => {
  it("says who changed it last and when, and says you when it was the viewer", async () => {
    const sam = visit(["subscriber"], { id: "sam", name: "Sam Carter" });
    await screen.findByText(/^Last changed by Sam Carter, 27 Nov 2026 \d\d:\d\d$/);
    sam.unmount();
    visit(["subscriber"], { id: testAccount().id, name: "Ada Lovelace" });
    await screen.findByText(/^Last changed by you, /);
  });

  it("is titled by the record, its category above, and shows the filled fields, the secret masked until its eye asks the API", async () => {
    const { api } = visit(["subscriber"]);
    await screen.findByRole("heading", { level: 1, name: "Mail" });
    expect(screen.getAllByText("Password").length).toBeGreaterThan(0);
    expect(screen.queryByText("Notes")).toBeNull();
    await screen.findByText("Ada Lovelace (Me)");
    expect(screen.getByRole("link", { name: "Edit" }).getAttribute("href")).toBe(
      `/dashboard/passwordvault/password/edit/${ID}`,
    );
    expect(screen.queryByText("s3cret!")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Show Password" }));
    await waitFor(() =>
      expect(api.mock.calls.some(([url]) => String(url).endsWith(`${PATH}?reveal=password`))).toBe(true),
    );
  });

  it("copies a username as shown and a secret through the API, which logs the copy", async () => {
    const user = userEvent.setup();
    const { api } = visit(["subscriber"]);
    // The stub ignores queries: the copy's own query answers the secret in clear.
    const copies: string[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith(`${PATH}?reveal=password&purpose=copy`)) return api(input, init);
      copies.push(String(input));
      const record = await (await api(input, init)).json();
      return Response.json({ ...record, body: { ...record.body, password: "s3cret!" }, maskedFields: [] });
    });
    await user.click(await screen.findByRole("button", { name: "Copy Username or login" }));
    await screen.findByText("Username or login copied");
    expect(await navigator.clipboard.readText()).toBe("ada@example.com");
    screen.getByRole("button", { name: "Copy Web address" });
    await user.click(screen.getByRole("button", { name: "Copy Password" }));
    await screen.findByText("Password copied");
    expect(await navigator.clipboard.readText()).toBe("s3cret!");
    expect(copies).toHaveLength(1);
    // Neither the category nor the notes are offered to copy: only the declared kinds of field.
    expect(screen.queryByRole("button", { name: "Copy Category" })).toBeNull();
  });

  it("deletes after the Delete the Record question, then returns to the list", async () => {
    const { api, router } = visit(["subscriber"]);
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete the Record" });
    expect(dialog.textContent).toContain("Are you sure you want to delete this record?");
    await userEvent.click(within(dialog).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/passwordvault/password"));
    expect(sentBodies(api, `DELETE ${PATH}`)).toHaveLength(1);
  });

  it("disables Delete for a user with neither role", async () => {
    visit([]);
    const remove = await screen.findByRole("button", { name: "Delete" });
    expect(remove.hasAttribute("disabled")).toBe(true);
    screen.getByText("Deleting records needs a subscription.");
  });
});
