import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubApi, testAccount } from "../../test/stubApi.ts";
import { NOMINEE_ID, renderSharing, testNominee } from "./testSharing.tsx";

const LIST = "/dashboard/shared-data/shared-by-me";

afterEach(() => vi.unstubAllGlobals());

describe("Shared by me: the list", () => {
  it("shows the catalog's columns and each nominee's labels", async () => {
    stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/shared/nominees": { body: [testNominee({ status: "requested" })] },
    });
    renderSharing(LIST);
    const table = await screen.findByTestId("nominee-list");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Nominee", "Modules shared", "When access is released", "Status", "View"]);
    const row = screen.getByTestId(`nominee-row-${NOMINEE_ID}`);
    expect(row.textContent).toContain("Alex Martin");
    expect(row.textContent).toContain("alex@example.com");
    expect(row.textContent).toContain("Key Document Inventory");
    expect(row.textContent).toContain("Assets, Insurance & Debts: Insurance Policies");
    expect(row.textContent).toContain("After 5 days without response");
    expect(within(row).getByTestId("nominee-status").textContent).toBe("Access requested");
    expect(screen.getByRole("link", { name: "Add" }).getAttribute("href")).toBe(`${LIST}/add`);
  });

  it("opens the nominee's view from its row", async () => {
    stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/shared/nominees": { body: [testNominee()] },
    });
    const { router } = renderSharing(LIST);
    await userEvent.click(await screen.findByRole("link", { name: "View nominee Alex Martin" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${LIST}/view/${NOMINEE_ID}`));
  });

  it("sends the mails' link to a nominee to its view", async () => {
    stubApi({
      "GET /api/account/account": { body: testAccount() },
      [`GET /api/shared/nominees/${NOMINEE_ID}`]: { body: testNominee() },
      [`GET /api/shared/nominees/${NOMINEE_ID}/log`]: { body: [] },
    });
    const { router } = renderSharing(`${LIST}/${NOMINEE_ID}`);
    await screen.findByRole("heading", { level: 1, name: "Alex Martin" });
    expect(router.state.location.pathname).toBe(`${LIST}/view/${NOMINEE_ID}`);
  });

  it("reads in French, with an empty state", async () => {
    stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/shared/nominees": { body: [] },
    });
    renderSharing(LIST, { language: "fr" });
    await screen.findByText("Vous n'avez encore désigné personne.");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Partagé par moi");
  });
});

describe("Shared Data: the landing page", () => {
  it("sums up the owner's nominees and pending requests, and the files shared with them", async () => {
    stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/shared/nominees": {
        body: [testNominee({ status: "requested" }), testNominee({ id: "n2", status: "released" })],
      },
      "GET /api/shared/with-me": { body: [{ nomineeId: "x" }] },
    });
    renderSharing("/dashboard/shared-data");
    const byMe = await screen.findByTestId("shared-by-me-area");
    await within(byMe).findByText("You share your file with 2 nominees.");
    within(byMe).getByText("1 request for access is waiting for your answer.");
    expect(within(byMe).getByRole("link", { name: "Add a nominee" }).getAttribute("href")).toBe(
      "/dashboard/shared-data/shared-by-me/add",
    );
    const withMe = screen.getByTestId("shared-with-me-area");
    await within(withMe).findByText("1 person shares a file with you.");
    expect(
      within(withMe).getByRole("link", { name: "See what is shared with me" }).getAttribute("href"),
    ).toBe("/dashboard/shared-data/shared-with-me");
  });

  it("disables Shared by me for an account with neither subscriber nor b2b, and asks for no nominees", async () => {
    const fetch = stubApi({
      "GET /api/account/account": { body: testAccount({ roles: [] }) },
      "GET /api/shared/with-me": { body: [] },
    });
    renderSharing("/dashboard/shared-data", { language: "fr" });
    const byMe = await screen.findByTestId("shared-by-me-area");
    const note = await within(byMe).findByText(/Partager votre propre dossier nécessite un abonnement/);
    const add = within(byMe).getByRole("button", { name: "Ajouter une personne désignée" });
    expect(add.hasAttribute("disabled")).toBe(true);
    expect(add.getAttribute("aria-describedby")).toBe(note.id);
    await screen.findByText("Personne ne partage encore de dossier avec vous.");
    expect(fetch.mock.calls.some(([url]) => String(url) === "/api/shared/nominees")).toBe(false);
  });
});
