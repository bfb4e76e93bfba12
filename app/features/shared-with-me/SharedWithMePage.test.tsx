import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SharedWithMeView } from "../../../domain/schemas/share.ts";
import { sentBodies, stubApi, testAccount } from "../../test/stubApi.ts";
import { NOMINEE_ID, renderSharedWithMe, withMeView } from "./testSharedWithMe.tsx";

afterEach(() => vi.unstubAllGlobals());

const LIST = "/dashboard/shared-data/shared-with-me";
const BASE = `/api/shared/nominee/${NOMINEE_ID}`;

function visit(views: SharedWithMeView[], language = "en") {
  const api = stubApi({
    "GET /api/account/account": { body: testAccount({ roles: [] }) },
    "GET /api/shared/with-me": { body: views },
    [`POST ${BASE}/accept`]: { status: 204 },
    [`POST ${BASE}/decline`]: { status: 204 },
    [`POST ${BASE}/request`]: { status: 204 },
  });
  return { api, ...renderSharedWithMe(LIST, { language }) };
}

const posted = (api: ReturnType<typeof stubApi>, action: string) =>
  sentBodies(api, `POST ${BASE}/${action}`).length;

describe("Shared with me", () => {
  it("lists an invitation with what is shared and the rule, and accepts or declines it", async () => {
    const { api } = visit([withMeView({ status: "invited", releasedAt: null })]);
    const entry = await screen.findByRole("article", { name: "Ada Lovelace" });
    within(entry).getByText("ada@example.com");
    // The module shared whole, and single categories by the labels their owner sees.
    within(entry).getByText("Key Document Inventory, Pet Details, Credit Card Details");
    within(entry).getByText("After 5 days without response");
    within(entry).getByText("Invitation sent");
    await userEvent.click(within(entry).getByRole("button", { name: "Accept Ada Lovelace's invitation" }));
    await waitFor(() => expect(posted(api, "accept")).toBe(1));
    await userEvent.click(within(entry).getByRole("button", { name: "Decline Ada Lovelace's invitation" }));
    await waitFor(() => expect(posted(api, "decline")).toBe(1));
  });

  it("says why an answer was refused, in the server's words", async () => {
    stubApi({
      "GET /api/account/account": { body: testAccount({ roles: [] }) },
      "GET /api/shared/with-me": { body: [withMeView({ status: "invited", releasedAt: null })] },
      [`POST ${BASE}/accept`]: {
        status: 409,
        body: { error: { code: "conflict", message: "This invitation has expired." } },
      },
    });
    renderSharedWithMe(LIST);
    await userEvent.click(await screen.findByRole("button", { name: "Accept Ada Lovelace's invitation" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This invitation has expired.");
  });

  it("says an expired invitation must be sent again, and offers nothing to press", async () => {
    visit([withMeView({ status: "expired", releasedAt: null })]);
    const entry = await screen.findByRole("article", { name: "Ada Lovelace" });
    within(entry).getByText("This invitation has expired: ask Ada Lovelace to send it again.");
    expect(within(entry).queryByRole("button")).toBeNull();
  });

  it("asks before requesting access, saying the owner's rule, then requests it", async () => {
    const { api } = visit([withMeView({ status: "accepted", releasedAt: null })]);
    const entry = await screen.findByRole("article", { name: "Ada Lovelace" });
    await userEvent.click(
      within(entry).getByRole("button", { name: "Request access to Ada Lovelace's file" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Request access to Ada Lovelace's file?" });
    expect(dialog.textContent).toContain(
      "Access will be released after 5 days unless Ada Lovelace declines.",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Request access" }));
    await waitFor(() => expect(posted(api, "request")).toBe(1));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("says a manual rule waits for the owner's approval", async () => {
    const { api } = visit([withMeView({ status: "accepted", release: "manual", releasedAt: null })]);
    await userEvent.click(
      await screen.findByRole("button", { name: "Request access to Ada Lovelace's file" }),
    );
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Access will be released when Ada Lovelace approves.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(posted(api, "request")).toBe(0);
  });

  it("says that after a revoke the request waits for the owner, whatever the rule", async () => {
    visit([withMeView({ status: "accepted", release: "now", releasedAt: null, revokedAt: Date.now() })]);
    await userEvent.click(
      await screen.findByRole("button", { name: "Request access to Ada Lovelace's file" }),
    );
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain(
      "Ada Lovelace ended your access earlier: Ada Lovelace is told at once, and access returns only when Ada Lovelace approves.",
    );
    expect(dialog.textContent).not.toContain("released at once");
  });

  it("shows when a request releases, and opens a released file", async () => {
    visit([
      withMeView({
        status: "requested",
        releasedAt: null,
        requestedAt: Date.UTC(2026, 0, 6),
        releaseAt: Date.UTC(2026, 0, 11),
      }),
      withMeView({
        nomineeId: "7c1d0b3e-0000-4000-8000-000000000002",
        owner: { firstName: "Alan", lastName: "Turing", email: "alan@example.com" },
      }),
    ]);
    const requested = await screen.findByRole("article", { name: "Ada Lovelace" });
    within(requested).getByText(
      "Requested on 6 Jan 2026; released on 11 Jan 2026 unless Ada Lovelace declines.",
    );
    const released = screen.getByRole("article", { name: "Alan Turing" });
    expect(within(released).getByRole("link", { name: "Open Alan Turing's file" }).getAttribute("href")).toBe(
      `${LIST}/7c1d0b3e-0000-4000-8000-000000000002`,
    );
  });

  it.each([
    ["en", "Ada Lovelace's account is suspended, so their file is closed to you for now."],
    ["fr", "Le compte de Ada Lovelace est suspendu : son dossier vous est donc fermé pour le moment."],
  ])(
    "says a suspended owner's released file is closed for now, and offers no way in (%s)",
    async (language, text) => {
      visit([withMeView({ ownerSuspended: true })], language);
      const entry = await screen.findByRole("article", { name: "Ada Lovelace" });
      expect(within(entry).getByRole("status").textContent).toBe(text);
      expect(within(entry).queryByRole("link")).toBeNull();
      expect(within(entry).queryByRole("button")).toBeNull();
    },
  );
});
