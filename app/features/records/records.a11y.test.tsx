import { screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { axeViolations } from "../../test/axe.ts";
import { stubApi, testAccount } from "../../test/stubApi.ts";
import { renderRecords } from "./testRecords.tsx";

const ID = "5b0c7a2e-0000-4000-8000-0000000000dd";

function stubAll() {
  stubApi({
    "GET /api/account/account": { body: testAccount() },
    "GET /api/address/": { body: [] },
    "GET /api/institutions/": { body: [] },
    "GET /api/records/assets/count": { body: { liability: 1 } },
    "GET /api/records/assets/liability": {
      body: [
        {
          id: ID,
          category: "liability",
          createTime: 0,
          updateTime: 0,
          columns: {
            accountNickname: "House",
            liabilityType: "mortgage",
            companyName: null,
            amount: { amount: 100, currency: "cad", currencyOther: null },
          },
        },
      ],
    },
    [`GET /api/records/passwordvault/password/${ID}`]: {
      body: {
        id: ID,
        module: "passwordvault",
        category: "password",
        createTime: 0,
        updateTime: 0,
        body: { accountNickname: "Mail", password: "********", url: "https://mail.example.com" },
        maskedFields: ["password"],
      },
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("the record screens, for assistive technologies", () => {
  it("the module page and a list have no axe violation", async () => {
    stubAll();
    const first = renderRecords("/dashboard/assets");
    await screen.findByText("1 record");
    expect(await axeViolations(first.container)).toEqual([]);
    first.unmount();
    const list = renderRecords("/dashboard/assets/liability");
    await screen.findByText("House");
    expect(await axeViolations(list.container)).toEqual([]);
  }, 60_000);

  it("a form with its messages shown and a view have no axe violation", async () => {
    stubAll();
    const form = renderRecords("/dashboard/assets/liability/add");
    await userEvent.selectOptions(await screen.findByRole("combobox", { name: /^Debt type/ }), "other");
    await screen.findByRole("combobox", { name: /^Lender or creditor/ }, { timeout: 15_000 });
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findAllByText("This field is required.");
    expect(await axeViolations(form.container)).toEqual([]);
    form.unmount();
    const password = renderRecords("/dashboard/passwordvault/password/add");
    await screen.findByRole("textbox", { name: /^Service or site/ });
    expect(await axeViolations(password.container)).toEqual([]);
    password.unmount();
    const view = renderRecords(`/dashboard/passwordvault/password/view/${ID}`);
    await screen.findByRole("heading", { level: 1, name: "Mail" });
    expect(await axeViolations(view.container)).toEqual([]);
  }, 90_000);
});
