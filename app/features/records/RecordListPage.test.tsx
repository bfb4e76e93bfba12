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
    expect(await screen.findByRole("heading", { level: 1, name: "Debts & Loans" })).toBeTruthy();
    const headers = (await screen.findAllByRole("columnheader")).map((cell) => cell.textContent);
    expect(headers).toEqual(["Nickname", "Debt type", "Lender or creditor", "Balance owing", "Actions"]);
    const row = screen.getAllByRole("row")[1] as HTMLElement;
    expect(within(row).getByText("House")).toBeTruthy();
    expect(within(row).getByText("Mortgage")).toBeTruthy();
    expect(within(row).getByText("Maple Bank")).toBeTruthy();
    expect(within(row).getByText("$ 1,234,567.89")).toBeTruthy();
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
    expect(await screen.findByText("31 Aug, 2027")).toBeTruthy();
  });

  it("says so when there are no records yet", async () => {
    stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/records/household/pet": { body: [] },
    });
    renderRecords("/dashboard/household/pet");
    expect(await screen.findByText("No records yet. Use + Add to create the first one.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
