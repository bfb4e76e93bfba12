import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { NomineeStatus } from "../../../domain/schemas/share.ts";
import { stubApi, testAccount } from "../../test/stubApi.ts";
import { MARCH_14, NOMINEE_ID, renderSharing, testNominee } from "./testSharing.tsx";

const LIST = "/dashboard/shared-data/shared-by-me";
const VIEW = `${LIST}/view/${NOMINEE_ID}`;
const ONE = `/api/shared/nominees/${NOMINEE_ID}`;

const LOG = [
  {
    id: "l1",
    kind: "view",
    subjectKind: "record",
    subjectId: "will",
    category: "will",
    field: null,
    createTime: MARCH_14,
  },
  {
    id: "l2",
    kind: "download",
    subjectKind: "document",
    subjectId: "d1",
    category: "will",
    field: "will.pdf",
    createTime: MARCH_14 + 60_000,
  },
];

function stubView(status: NomineeStatus, extra: Parameters<typeof stubApi>[0] = {}) {
  const nominee = testNominee({
    status,
    requestedAt: status === "requested" ? MARCH_14 : null,
    releaseAt: status === "requested" ? MARCH_14 + 5 * 86_400_000 : null,
  });
  return stubApi({
    "GET /api/account/account": { body: testAccount() },
    [`GET ${ONE}`]: { body: nominee },
    [`GET ${ONE}/log`]: { body: LOG },
    "GET /api/shared/nominees": { body: [nominee] },
    ...extra,
  });
}

function calls(api: ReturnType<typeof stubApi>, method: string, path: string) {
  return api.mock.calls.filter(
    ([input, init]) => (init?.method ?? "GET") === method && String(input) === path,
  ).length;
}

afterEach(() => vi.unstubAllGlobals());

describe("the nominee's view", () => {
  it("shows who, what is shared, when, the status and dates, and the log by day", async () => {
    stubView("requested");
    renderSharing(VIEW);
    await screen.findByRole("heading", { level: 1, name: "Alex Martin" });
    expect(screen.getByTestId("nominee-email").textContent).toBe("alex@example.com");
    expect(
      within(screen.getByTestId("nominee-scope"))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Key Document Inventory", "Assets, Insurance & Debts: Insurance Policies"]);
    expect(screen.getByTestId("nominee-release").textContent).toBe("After 5 days without response");
    expect(screen.getByTestId("nominee-status").textContent).toBe("Access requested");
    expect(screen.getByTestId("nominee-requestedAt").textContent).toBe("14 Mar 2026");
    expect(screen.getByTestId("nominee-releaseAt").textContent).toBe("19 Mar 2026");
    const log = screen.getByTestId("nominee-log");
    await within(log).findByRole("heading", { level: 3, name: "14 Mar 2026" });
    expect(
      within(log)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Alex downloaded will.pdf, 14:03", "Alex viewed Will, 14:02"]);
  });

  it.each([
    ["invited", ["resend", "cancel", "delete"]],
    ["requested", ["approve", "decline", "revoke", "delete"]],
    ["released", ["revoke", "delete"]],
    ["accepted", ["grant", "delete"]],
    ["declined", ["resend", "delete"]],
  ] as const)("offers the actions of an %s nominee", async (status, actions) => {
    stubView(status);
    renderSharing(VIEW);
    await screen.findByRole("heading", { level: 1, name: "Alex Martin" });
    const shown = screen
      .getAllByRole("button")
      .map((button) => button.getAttribute("data-testid"))
      .filter((id) => id?.startsWith("nominee-action-"));
    expect(shown).toEqual(actions.map((action) => `nominee-action-${action}`));
  });

  it.each([
    ["invited", "resend", "Resend invitation", "A new invitation was sent to Alex Martin."],
    ["invited", "cancel", "Cancel invitation", "The invitation to Alex Martin is cancelled."],
    ["requested", "approve", "Approve", "Access released to Alex Martin."],
    ["requested", "decline", "Decline", "The request of Alex Martin is declined."],
    ["released", "revoke", "Revoke access", "Alex Martin no longer has access to your shared file."],
    ["accepted", "grant", "Give access now", "Access released to Alex Martin."],
  ] as const)(
    "an %s nominee: %s asks first, then posts to its endpoint",
    async (status, action, label, done) => {
      const api = stubView(status, { [`POST ${ONE}/${action}`]: { body: testNominee() } });
      renderSharing(VIEW);
      const user = userEvent.setup();
      await user.click(await screen.findByRole("button", { name: label }));
      const dialog = await screen.findByRole("dialog");
      await user.click(within(dialog).getByRole("button", { name: "No" }));
      expect(calls(api, "POST", `${ONE}/${action}`)).toBe(0);

      await user.click(screen.getByRole("button", { name: label }));
      await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Yes" }));
      await screen.findByText(done);
      expect(calls(api, "POST", `${ONE}/${action}`)).toBe(1);
    },
  );

  it("deletes the nominee after confirmation and goes back to the list", async () => {
    const api = stubView("released", { [`DELETE ${ONE}`]: { status: 204 } });
    const { router } = renderSharing(VIEW, { entries: [LIST, VIEW] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete nominee" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
    expect(calls(api, "DELETE", ONE)).toBe(1);
  });

  it("keeps the dialog open with a message when the action fails", async () => {
    stubView("invited", {
      [`POST ${ONE}/resend`]: { status: 500, body: { error: { code: "x", message: "x" } } },
    });
    renderSharing(VIEW);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Resend invitation" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Yes" }));
    await within(screen.getByRole("dialog")).findByRole("alert");
  });

  it("reads in French, with an empty log", async () => {
    stubView("invited", { [`GET ${ONE}/log`]: { body: [] } });
    renderSharing(VIEW, { language: "fr" });
    await screen.findByText("Alex n'a encore rien consulté.");
    expect(screen.getByTestId("nominee-status").textContent).toBe("Invitation envoyée");
    screen.getByRole("button", { name: "Renvoyer l'invitation" });
  });
});
