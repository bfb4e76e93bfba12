import { notifications } from "@mantine/notifications";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BillingCode, BillingMode } from "../../../domain/schemas/subscription.ts";
import { axeViolations } from "../../test/axe.ts";
import { sentBodies, stubApi } from "../../test/stubApi.ts";
import { codesCsv } from "./CreatedCodesDialog.tsx";
import { adminSession, fieldRefusal, renderAdmin } from "./testAdmin.tsx";

function code(overrides: Partial<BillingCode>): BillingCode {
  return {
    id: "c0",
    kind: "voucher",
    code: "AAAAA-BBBBB-CCCCC-DDDDD",
    percentOff: null,
    amountOff: null,
    currency: null,
    periodDays: 30,
    expiresAt: null,
    maxUses: null,
    uses: 0,
    archived: false,
    createdAt: Date.UTC(2026, 0, 5),
    ...overrides,
  };
}

const PERCENT = code({
  id: "c1",
  kind: "discount",
  code: "PCT20-00000-00000-00001",
  percentOff: 20,
  periodDays: null,
  maxUses: 10,
  uses: 3,
  expiresAt: Date.UTC(2099, 11, 31),
});
const AMOUNT = code({
  id: "c2",
  kind: "discount",
  code: "AMT05-00000-00000-00002",
  amountOff: 500,
  currency: "cad",
  periodDays: null,
});
const EXPIRED = code({ id: "c3", code: "VOUCH-00000-00000-00003", expiresAt: Date.UTC(2020, 0, 1) });
const USED = code({
  id: "c4",
  kind: "subscription",
  code: "SUBSC-00000-00000-00004",
  periodDays: 365,
  maxUses: 1,
  uses: 1,
});
const ARCHIVED = code({ id: "c5", code: "GONE0-00000-00000-00005", archived: true });

const MADE = ["NEW00-00000-00000-00001", "NEW00-00000-00000-00002", "NEW00-00000-00000-00003"];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // The toasts live in one store for the whole file: each test starts without the last one's.
  notifications.clean();
});

/** The codes screen over a small fake server: POST makes `count` codes of the body's kind. */
function serve(mode: BillingMode, codes: BillingCode[] = [PERCENT, AMOUNT, EXPIRED, USED, ARCHIVED]) {
  let list = codes;
  return stubApi({
    ...adminSession(mode),
    "GET /api/admin/codes": () => ({ body: list }),
    "POST /api/admin/codes": (body) => {
      const { count, ...rest } = body as Partial<BillingCode> & { count: number };
      const made = MADE.slice(0, count).map((text, index) =>
        code({ ...rest, id: `n${index}`, code: text, uses: 0 }),
      );
      list = [...made, ...list];
      return { body: made };
    },
    "POST /api/admin/codes/c1/archive": () => {
      list = list.map((item) => (item.id === "c1" ? { ...item, archived: true } : item));
      return { body: { ...PERCENT, archived: true } };
    },
  });
}

/** A code as its row shows it (the row's buttons also say it, to screen readers). */
const shown = (text: string) => screen.findByText(text, { selector: "code" });

function cellsOf(text: string): (string | null)[] {
  const row = screen.getByText(text, { selector: "code" }).closest("tr");
  if (!row) throw new Error(`No row for ${text}`);
  return within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);
}

async function openForm() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "New codes" }));
  const dialog = await screen.findByRole("dialog", { name: "New codes" });
  await within(dialog).findByRole("combobox", { name: /^Type/ });
  return { user, dialog };
}

describe("the codes screen", () => {
  it("lists each code with its kind, value, uses, expiry and status", async () => {
    serve("stripe");
    renderAdmin("/admin/codes");
    await shown(PERCENT.code);
    expect(cellsOf(PERCENT.code)).toEqual([
      `${PERCENT.code}Copy ${PERCENT.code}`,
      "Discount",
      "20%",
      "3 / 10",
      "31 Dec 2099",
      "Active",
      `Archive ${PERCENT.code}`,
    ]);
    expect(cellsOf(AMOUNT.code).slice(1, 6)).toEqual([
      "Discount",
      "5.00 CAD",
      "0 / no limit",
      "Never",
      "Active",
    ]);
    expect(cellsOf(EXPIRED.code).slice(1, 6)).toEqual([
      "eVoucher",
      "30 days",
      "0 / no limit",
      "1 Jan 2020",
      "Expired",
    ]);
    expect(cellsOf(USED.code).slice(1, 6)).toEqual([
      "Subscription code",
      "365 days",
      "1 / 1",
      "Never",
      "Used up",
    ]);
    expect(cellsOf(ARCHIVED.code).slice(5)).toEqual(["Archived", ""]);
    expect((await shown(PERCENT.code)).style.fontFamily).toContain("monospace");
  });

  it("writes percentages, periods and dates in French", async () => {
    serve("stripe");
    renderAdmin("/admin/codes", { language: "fr" });
    await shown(PERCENT.code);
    expect(cellsOf(PERCENT.code)[2]).toMatch(/^20\s%$/);
    expect(cellsOf(AMOUNT.code)[2]).toBe("5,00 CAD");
    expect(cellsOf(USED.code).slice(1, 3)).toEqual(["Code d’abonnement", "365 jours"]);
  });

  it("copies a code from its row", async () => {
    serve("stripe");
    renderAdmin("/admin/codes");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: `Copy ${AMOUNT.code}` }));
    expect(await navigator.clipboard.readText()).toBe(AMOUNT.code);
    screen.getByRole("button", { name: `Copied ${AMOUNT.code}` });
  });

  it("says when there is no code yet", async () => {
    serve("stripe", []);
    renderAdmin("/admin/codes");
    await screen.findByText("No codes yet.");
  });

  it("makes eVouchers in a batch and hands them out: copied one a line, or as CSV", async () => {
    const api = serve("stripe");
    const createObjectURL = vi.fn((_blob: Blob) => "blob:codes");
    vi.stubGlobal(
      "URL",
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderAdmin("/admin/codes");
    const { user, dialog } = await openForm();
    await user.selectOptions(within(dialog).getByRole("combobox", { name: /^Type/ }), "voucher");
    expect(within(dialog).queryByRole("textbox", { name: /^Percent off/ })).toBeNull();
    await user.type(within(dialog).getByRole("textbox", { name: /^Free period in days/ }), "30");
    fireEvent.change(within(dialog).getByLabelText(/^Expires on/), { target: { value: "2026-12-31" } });
    await user.type(within(dialog).getByRole("textbox", { name: /^Maximum uses/ }), "5");
    const count = within(dialog).getByRole("textbox", { name: /^How many codes/ });
    await user.clear(count);
    await user.type(count, "3");
    await user.click(within(dialog).getByRole("button", { name: "Create codes" }));

    const made = await screen.findByRole("dialog", { name: "3 new codes" });
    expect(sentBodies(api, "POST /api/admin/codes")).toEqual([
      {
        kind: "voucher",
        percentOff: null,
        amountOff: null,
        currency: null,
        periodDays: 30,
        expiresAt: Date.UTC(2026, 11, 31),
        maxUses: 5,
        count: 3,
      },
    ]);
    screen.getByText("3 codes created.");
    expect(
      within(within(made).getByRole("list", { name: "New codes" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(MADE);

    await user.click(within(made).getByRole("button", { name: "Copy all" }));
    expect(await navigator.clipboard.readText()).toBe(MADE.join("\n"));
    await user.click(within(made).getByRole("button", { name: "Download CSV" }));
    expect(click).toHaveBeenCalledOnce();
    const [[blob]] = createObjectURL.mock.calls as [[Blob]];
    const csv = await blob.text();
    expect(csv.split("\r\n")[1]).toBe(`${MADE[0]},voucher,,,,30,2026-12-31,5`);

    await user.click(within(made).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await shown(MADE[2] ?? "");
  });

  it("sends a fixed discount in minor units with its currency", async () => {
    const api = serve("stripe");
    renderAdmin("/admin/codes");
    const { user, dialog } = await openForm();
    await user.selectOptions(within(dialog).getByRole("combobox", { name: /^Discount/ }), "amount");
    // Neither amount given: the schema's refusal shows on the amount in view.
    await user.click(within(dialog).getByRole("button", { name: "Create codes" }));
    const amount = within(dialog).getByRole("textbox", { name: /^Amount off/ });
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    within(dialog).getByText("This field is required.");
    await user.type(amount, "5.5");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: /^Currency/ }), "usd");
    await user.click(within(dialog).getByRole("button", { name: "Create codes" }));
    await screen.findByRole("dialog", { name: "1 new code" });
    expect(sentBodies(api, "POST /api/admin/codes")).toEqual([
      {
        kind: "discount",
        percentOff: null,
        amountOff: 550,
        currency: "usd",
        periodDays: null,
        expiresAt: null,
        maxUses: null,
        count: 1,
      },
    ]);
  });

  it("checks a percentage discount before sending it", async () => {
    const api = serve("stripe");
    renderAdmin("/admin/codes");
    const { user, dialog } = await openForm();
    await user.click(within(dialog).getByRole("button", { name: "Create codes" }));
    const percent = within(dialog).getByRole("textbox", { name: /^Percent off/ });
    expect(percent.getAttribute("aria-invalid")).toBe("true");
    await user.type(percent, "150");
    await user.click(within(dialog).getByRole("button", { name: "Create codes" }));
    within(dialog).getByText("Enter a value of at most 100.");
    expect(sentBodies(api, "POST /api/admin/codes")).toEqual([]);
  });

  it("offers no discount with billing off, and no use limit for a single-use code", async () => {
    serve("off");
    renderAdmin("/admin/codes");
    const { user, dialog } = await openForm();
    const kind = within(dialog).getByRole("combobox", { name: /^Type/ });
    expect(
      within(kind)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["eVoucher: a free period", "Unique subscription code: a free period, used once"]);
    within(dialog).getByRole("textbox", { name: /^Maximum uses/ });
    await user.selectOptions(kind, "subscription");
    expect(within(dialog).queryByRole("textbox", { name: /^Maximum uses/ })).toBeNull();
  });

  it("shows the server's refusal beside its field", async () => {
    stubApi({
      ...adminSession("off"),
      "GET /api/admin/codes": { body: [] },
      "POST /api/admin/codes": fieldRefusal("periodDays", "This period is longer than allowed."),
    });
    renderAdmin("/admin/codes");
    const { user, dialog } = await openForm();
    const period = within(dialog).getByRole("textbox", { name: /^Free period in days/ });
    await user.type(period, "30");
    await user.click(within(dialog).getByRole("button", { name: "Create codes" }));
    await within(dialog).findByText("This period is longer than allowed.");
    expect(period.getAttribute("aria-invalid")).toBe("true");
  });

  it("archives a code only once confirmed", async () => {
    const api = serve("stripe");
    renderAdmin("/admin/codes");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: `Archive ${PERCENT.code}` }));
    const dialog = await screen.findByRole("dialog", { name: "Archive this code?" });
    expect(dialog.textContent).toContain("will no longer be accepted");
    expect(sentBodies(api, "POST /api/admin/codes/c1/archive")).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Archive" }));
    await screen.findByText(`Code ${PERCENT.code} archived.`);
    expect(sentBodies(api, "POST /api/admin/codes/c1/archive")).toHaveLength(1);
    await waitFor(() => expect(cellsOf(PERCENT.code)[5]).toBe("Archived"));
  });

  it("has no axe violation, listed or showing new codes", async () => {
    serve("stripe");
    const { container } = renderAdmin("/admin/codes");
    await shown(PERCENT.code);
    expect(await axeViolations(container)).toEqual([]);
    const { user, dialog } = await openForm();
    await user.click(within(dialog).getByRole("button", { name: "Create codes" }));
    await within(dialog).findByText("This field is required.");
    expect(await axeViolations(dialog)).toEqual([]);
    await user.type(within(dialog).getByRole("textbox", { name: /^Percent off/ }), "20");
    await user.click(within(dialog).getByRole("button", { name: "Create codes" }));
    const made = await screen.findByRole("dialog", { name: "1 new code" });
    expect(await axeViolations(made)).toEqual([]);
  }, 30_000);
});

describe("codesCsv", () => {
  it("writes one line per code under the column names, amounts in major units", () => {
    expect(codesCsv([AMOUNT, EXPIRED])).toBe(
      [
        "code,kind,percentOff,amountOff,currency,periodDays,expiresOn,maxUses",
        `${AMOUNT.code},discount,,5.00,cad,,,`,
        `${EXPIRED.code},voucher,,,,30,2020-01-01,`,
        "",
      ].join("\r\n"),
    );
  });
});
