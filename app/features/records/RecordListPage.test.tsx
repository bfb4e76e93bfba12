import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubApi, testAccount } from "../../test/stubApi.ts";
import { renderRecords } from "./testRecords.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

const LOAN = "5b0c7a2e-0000-4000-8000-000000000001";

describe("a category's list", () => {
  it("shows a column-header row of the declared columns and each row's values formatted", async () => {
    stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/records/assets/liability": {
        body: [
          {
            id: LOAN,
            category: "liability",
            createTime: 0,
            updateTime: 0,
            columns: {
              accountNickname: "House",
              liabilityType: "mortgage",
              companyName: { id: "5b0c7a2e-0000-4000-8000-000000000002", name: "Maple Bank" },
              amount: { amount: 123456789, currency: "cad", currencyOther: null },
            },
          },
        ],
      },
    });
    const { router } = renderRecords("/dashboard/assets/liability");
    await screen.findByRole("heading", { level: 1, name: "Debts & Loans" });
    const headers = (await screen.findAllByRole("columnheader")).map((cell) => cell.textContent);
    expect(headers).toEqual(["Nickname", "Debt type", "Lender or creditor", "Balance owing", "Actions"]);
    const row = screen.getAllByRole("row")[1] as HTMLElement;
    within(row).getByText("House");
    within(row).getByText("Mortgage");
    within(row).getByText("Maple Bank");
    within(row).getByText("$ 1,234,567.89");
    const add = screen.getByRole("link", { name: "+ Add" });
    expect(add.getAttribute("href")).toBe("/dashboard/assets/liability/add");
    // The label has its plus: no icon doubling it.
    expect(add.querySelector("svg")).toBeNull();
    await userEvent.click(within(row).getByRole("link", { name: "View record 1" }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/assets/liability/view/${LOAN}`),
    );
  });

  it("formats dates DD MMM, YYYY", async () => {
    stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/records/assets/creditcard": {
        body: [
          {
            id: LOAN,
            category: "creditcard",
            createTime: 0,
            updateTime: 0,
            columns: { accountNickname: "Travel card", cardholders: [], expiryDate: Date.UTC(2027, 7, 31) },
          },
        ],
      },
    });
    renderRecords("/dashboard/assets/creditcard");
    await screen.findByText("31 Aug 2027");
  });

  it("is a list of cards on a phone, each card a link to its record named by its title field", async () => {
    // The phone's width: the list's media query matches.
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query.includes("max-width"),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const soon = Date.now() + 18 * 86_400_000;
    stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/records/passwordvault/flyernumbers": {
        body: [
          {
            id: LOAN,
            category: "flyernumbers",
            createTime: 0,
            updateTime: 0,
            columns: { programName: "Aeroplan", holder: null, pointsBalance: 12000, expiryDate: soon },
          },
        ],
      },
    });
    const { router } = renderRecords("/dashboard/passwordvault/flyernumbers");
    const list = await screen.findByRole("list", { name: "Frequent Flyer & Loyalty Numbers: records" });
    expect(screen.queryByRole("table")).toBeNull();
    const card = within(list).getByRole("link");
    within(card).getByText("Aeroplan");
    within(card).getByText("12,000");
    within(card).getByText("Expires in 18 days");
    await userEvent.click(card);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/passwordvault/flyernumbers/view/${LOAN}`),
    );
  });

  it("names a card's persons as text: nothing inside the card's link can be clicked on its own", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query.includes("max-width"),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const caretaker = "5b0c7a2e-0000-4000-8000-000000000003";
    const api = stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/pn/person/me": {
        body: [
          {
            id: caretaker,
            createTime: 0,
            group: "me",
            type: null,
            mainDetails: { firstName: "Noor", lastName: "Haddad", birthday: null, imageSrc: null },
            contactDetails: { phones: [], emails: [] },
          },
        ],
      },
      "GET /api/records/household/pet": {
        body: [
          {
            id: LOAN,
            category: "pet",
            createTime: 0,
            updateTime: 0,
            columns: { name: "Biscuit", caretaker: { id: caretaker, name: "Noor Haddad" } },
          },
        ],
      },
    });
    renderRecords("/dashboard/household/pet");
    const list = await screen.findByRole("list", { name: "Pet Details: records" });
    const card = within(list).getByRole("link");
    await waitFor(() => expect(card.textContent).toContain("Noor Haddad"));
    expect(within(card).queryByRole("button")).toBeNull();
    // The contact summary's person lists are not even asked for.
    const asked = api.mock.calls.map(([input]) => new URL(String(input), "http://localhost").pathname);
    expect(asked.filter((path) => path.startsWith("/api/pn/person"))).toEqual([]);
  });

  it("says so when there are no records yet", async () => {
    stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/records/household/pet": { body: [] },
    });
    renderRecords("/dashboard/household/pet");
    await screen.findByText("No records yet. Use + Add to create the first one.");
    expect(screen.queryByRole("table")).toBeNull();
  });
});
