import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminUser, AdminUserDetail, AuditEntry } from "../../../domain/schemas/admin.ts";
import type { Comment } from "../../../domain/schemas/comment.ts";
import { axeViolations } from "../../test/axe.ts";
import { sentBodies, stubApi, testAccount } from "../../test/stubApi.ts";
import { renderAdmin } from "./testAdmin.tsx";

const ME = testAccount({ roles: ["admin"] });

const SAM: AdminUser = {
  id: "u-sam",
  email: "sam@example.com",
  name: "Sam Carter",
  roles: ["subscriber"],
  status: "active",
  twoFactor: true,
  createdAt: Date.UTC(2026, 0, 5),
  lastSignInAt: Date.UTC(2026, 5, 1),
};

const SAM_DETAIL: AdminUserDetail = {
  ...SAM,
  subscription: null,
  codes: [],
  company: null,
  donation: null,
};

const page = <Item,>(content: Item[]) => ({
  content,
  page: 0,
  size: 20,
  totalElements: content.length,
  totalPages: 1,
});

const comment = (overrides: Partial<Comment>): Comment => ({
  id: "c1",
  notes: "Called about billing.",
  ownerId: ME.id,
  ownerFirstName: "Ada",
  ownerLastName: "Lovelace",
  createTime: 1_767_600_000,
  lastUpdateDate: 1_767_600_000,
  ...overrides,
});

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe("the admin users screens", () => {
  it("lists accounts with their roles and status, searched by the server, and opens one", async () => {
    const api = stubApi({
      "GET /api/account/account": { body: ME },
      "GET /api/admin/users": { body: page([SAM]) },
      "GET /api/admin/users/u-sam": { body: SAM_DETAIL },
      "GET /api/admin/users/u-sam/comments": { body: [] },
    });
    const user = userEvent.setup();
    renderAdmin("/admin/users");
    const link = await screen.findByRole("link", { name: "sam@example.com" });
    const row = link.closest("tr") as HTMLElement;
    within(row).getByText("Subscriber");
    within(row).getByText("Active");
    expect(await axeViolations(document.body)).toEqual([]);
    await user.type(screen.getByRole("searchbox", { name: "Search by email or name" }), "sam");
    await waitFor(() =>
      expect(api.mock.calls.some(([input]) => String(input).includes("/api/admin/users?search=sam"))).toBe(
        true,
      ),
    );
    await user.click(link);
    await screen.findByRole("heading", { level: 2, name: "sam@example.com" });
    screen.getByText("Sam Carter");
  });

  it("reads the next page of accounts from the server when its link is chosen", async () => {
    const KIM: AdminUser = { ...SAM, id: "u-kim", email: "kim@example.com", name: "Kim Lee", roles: [] };
    const pages = [page([SAM]), { ...page([KIM]), page: 1 }];
    const api = stubApi({
      "GET /api/account/account": { body: ME },
      // Read in order: the first page, then the second.
      "GET /api/admin/users": () => ({
        body: { ...(pages.shift() ?? page([])), totalElements: 21, totalPages: 2 },
      }),
    });
    const user = userEvent.setup();
    renderAdmin("/admin/users");
    await screen.findByRole("link", { name: "sam@example.com" });
    screen.getByText("21 accounts");
    await user.click(
      within(screen.getByRole("navigation", { name: "User pages" })).getByRole("button", { name: "Page 2" }),
    );
    const kim = await screen.findByRole("link", { name: "kim@example.com" });
    expect(within(kim.closest("tr") as HTMLElement).getAllByRole("cell")[2]?.textContent).toBe("—");
    expect(screen.queryByRole("link", { name: "sam@example.com" })).toBeNull();
    expect(api.mock.calls.some(([input]) => String(input).includes("page=1&size=20"))).toBe(true);
  });

  it("shows an account's plan, codes, company and charity in sections, in English and French", async () => {
    stubApi({
      "GET /api/account/account": { body: ME },
      "GET /api/admin/users/u-sam": {
        body: {
          ...SAM_DETAIL,
          subscription: {
            product: "Family",
            status: "active",
            currentPeriodEnd: Date.UTC(2026, 11, 25),
            cancelAtPeriodEnd: true,
          },
          codes: [{ code: "ABCDE-FGHIJ", kind: "voucher", redeemedAt: Date.UTC(2026, 2, 3) }],
          company: { id: "co1", name: "Lee & Co", role: "admin" },
          donation: { id: "ch1", name: "Bee Keepers" },
        },
      },
      "GET /api/admin/users/u-sam/comments": { body: [] },
    });
    const english = renderAdmin("/admin/users/u-sam");
    const plan = await screen.findByRole("region", { name: "Subscription" });
    expect(plan.textContent).toContain("Family · Active");
    expect(plan.textContent).toMatch(/Ends on .*2026/);
    expect(screen.getByRole("region", { name: "Redeemed codes" }).textContent).toMatch(
      /ABCDE-FGHIJ · eVoucher · redeemed on .*2026/,
    );
    expect(screen.getByRole("region", { name: "Company" }).textContent).toContain("Lee & Co · Company admin");
    expect(screen.getByRole("region", { name: "Charity" }).textContent).toContain("Bee Keepers");
    expect(await axeViolations(document.body)).toEqual([]);
    english.unmount();
    renderAdmin("/admin/users/u-sam", { language: "fr" });
    expect((await screen.findByRole("region", { name: "Organisme" })).textContent).toContain("Bee Keepers");
    expect(screen.getByRole("region", { name: "Entreprise" }).textContent).toContain(
      "Administrateur de l’entreprise",
    );
  });

  it("says when an account holds no plan, code, company or charity", async () => {
    stubApi({
      "GET /api/account/account": { body: ME },
      "GET /api/admin/users/u-sam": { body: SAM_DETAIL },
      "GET /api/admin/users/u-sam/comments": { body: [] },
    });
    renderAdmin("/admin/users/u-sam");
    await screen.findByText("No plan held.");
    screen.getByText("No code redeemed.");
    screen.getByText("Not a member of a company.");
    screen.getByText("No charity chosen.");
  });

  it("disables an account after a confirmation, and keeps comments that only their author may change", async () => {
    let current = SAM_DETAIL;
    const api = stubApi({
      "GET /api/account/account": { body: ME },
      "GET /api/admin/users/u-sam": () => ({ body: current }),
      "POST /api/admin/users/u-sam/disable": () => {
        current = { ...SAM_DETAIL, status: "disabled" };
        return { body: current };
      },
      "GET /api/admin/users/u-sam/comments": {
        body: [
          comment({}),
          comment({ id: "c2", notes: "Asked for an invoice.", ownerId: "other", ownerFirstName: "Grace" }),
        ],
      },
      "POST /api/admin/users/u-sam/comments": { body: comment({ id: "c3", notes: "New note" }) },
    });
    const user = userEvent.setup();
    renderAdmin("/admin/users/u-sam");
    await user.click(await screen.findByRole("button", { name: "Disable" }));
    const dialog = await screen.findByRole("dialog", { name: "Disable" });
    within(dialog).getByText(/signed out everywhere/);
    await user.click(within(dialog).getByRole("button", { name: "Yes" }));
    await screen.findByText("sam@example.com is disabled.");
    await screen.findByRole("button", { name: "Enable" });

    const comments = screen.getByRole("region", { name: "Comments" });
    const items = within(comments).getAllByRole("listitem");
    expect(within(items[0] as HTMLElement).queryAllByRole("button")).not.toHaveLength(0);
    expect(within(items[1] as HTMLElement).queryAllByRole("button")).toHaveLength(0);
    await user.type(within(comments).getByRole("textbox"), "New note");
    await user.click(within(comments).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(sentBodies(api, "POST /api/admin/users/u-sam/comments")).toEqual([{ notes: "New note" }]),
    );
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("offers no action on the admin's own account", async () => {
    stubApi({
      "GET /api/account/account": { body: ME },
      [`GET /api/admin/users/${ME.id}`]: {
        body: { ...SAM_DETAIL, id: ME.id, email: ME.email, roles: ["admin"] },
      },
      [`GET /api/admin/users/${ME.id}/comments`]: { body: [] },
    });
    renderAdmin(`/admin/users/${ME.id}`);
    await screen.findByText("This is your own account: change it in My Account.");
    expect(screen.queryByRole("button", { name: "Delete account" })).toBeNull();
  });

  it("shows the audit log, newest first, in French", async () => {
    const entry: AuditEntry = {
      id: "a1",
      actorId: ME.id,
      actorEmail: ME.email,
      action: "user.disable",
      subjectKind: "user",
      subjectId: "u-sam",
      detail: null,
      ip: "203.0.113.5",
      createdAt: Date.UTC(2026, 5, 1, 9, 30),
    };
    stubApi({ "GET /api/account/account": { body: ME }, "GET /api/admin/audit": { body: page([entry]) } });
    renderAdmin("/admin/audit", { language: "fr" });
    await screen.findByRole("heading", { level: 2, name: "Journal d’audit" });
    const row = (await screen.findByText("user.disable")).closest("tr") as HTMLElement;
    within(row).getByText("203.0.113.5");
    within(row).getByText(ME.email);
    expect(await axeViolations(document.body)).toEqual([]);
  });
});
