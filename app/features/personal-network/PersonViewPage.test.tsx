import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../test/render.tsx";
import { sentBodies, stubApi, testAccount } from "../../test/stubApi.ts";
import { fullRecord, listItem, NETWORK_TEST_ROUTES } from "./testPersons.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

const child = listItem("child", "Byron", {
  type: "son",
  birthday: Date.UTC(2015, 2, 1),
  email: "byron@example.com",
  phone: { code: "CA", number: "+14165550123", type: "mobile" },
});

function visit(path: string, roles: string[], extra: Record<string, unknown> = {}) {
  const api = stubApi({
    "GET /api/account/account": { body: testAccount({ roles }) },
    [`GET /api/pn/person/child/${child.id}`]: { body: fullRecord(child) },
    "GET /api/pn/person/child": { body: [] },
    [`DELETE /api/pn/person/${child.id}`]: { status: 204 },
    ...(extra as Record<string, { body: unknown }>),
  });
  return {
    api,
    ...renderRoutes(NETWORK_TEST_ROUTES, { entries: ["/dashboard/personal-network/child", path] }),
  };
}

describe("a person's view", () => {
  it("says who changed the person last, and when", async () => {
    const changedBy = { id: "5b0c7a2e-0000-4000-8000-0000000000aa", name: "Sam Carter" };
    visit(`/dashboard/personal-network/child/view/${child.id}`, ["subscriber"], {
      [`GET /api/pn/person/child/${child.id}`]: {
        body: { ...fullRecord(child), updateTime: Date.UTC(2026, 10, 27, 14, 2), changedBy },
      },
    });
    await screen.findByText(/^Last changed by Sam Carter, 27 Nov 2026 \d\d:\d\d$/);
  });

  it("shows the filled fields read-only, with the phone in international format", async () => {
    visit(`/dashboard/personal-network/child/view/${child.id}`, ["subscriber"]);
    await screen.findByRole("heading", { level: 1, name: "Byron Lovelace" });
    const contact = screen
      .getByRole("heading", { name: "Contact details" })
      .closest("section") as HTMLElement;
    await within(contact).findByText("+1 416 555 0123 (Mobile)");
    expect(within(contact).getByRole("link", { name: "byron@example.com" }).getAttribute("href")).toBe(
      "mailto:byron@example.com",
    );
    screen.getByText("1 Mar 2015");
    expect(screen.queryByText("Middle Name")).toBeNull();
    expect(screen.getByRole("link", { name: "Edit" }).getAttribute("href")).toBe(
      `/dashboard/personal-network/child/edit/${child.id}`,
    );
  });

  it("deletes after the Delete the Record question, then returns to the list", async () => {
    const { api, router } = visit(`/dashboard/personal-network/child/view/${child.id}`, ["subscriber"]);
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete the Record" });
    expect(dialog.textContent).toContain("Are you sure you want to delete this record?");
    await userEvent.click(within(dialog).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/personal-network/child"));
    expect(sentBodies(api, `DELETE /api/pn/person/${child.id}`)).toHaveLength(1);
  });

  it("disables Delete for an account with neither subscriber nor b2b role, and says why", async () => {
    visit(`/dashboard/personal-network/child/view/${child.id}`, []);
    const remove = await screen.findByRole("button", { name: "Delete" });
    expect(remove.hasAttribute("disabled")).toBe(true);
    expect(remove.getAttribute("aria-describedby")).toBeTruthy();
    screen.getByText("Deleting a record needs a subscription.");
  });

  it("shows the social number masked, and asks the server for it (a logged reveal) only when the eye is used", async () => {
    const record = fullRecord(child);
    let reads = 0;
    const { api } = visit(`/dashboard/personal-network/child/view/${child.id}`, ["subscriber"], {
      [`GET /api/pn/person/child/${child.id}`]: () => {
        reads += 1;
        const socialNumber = reads === 1 ? "********" : "046 454 286";
        return { body: { ...record, mainDetails: { ...record.mainDetails, socialNumber } } };
      },
    });
    await screen.findByText("Social Insurance Number");
    expect(screen.queryByText("046 454 286")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Show Social Insurance Number" }));
    await screen.findByText("046 454 286");
    const urls = api.mock.calls.map(([input]) => String(input));
    expect(
      urls.filter((url) => url.endsWith(`/api/pn/person/child/${child.id}?reveal=socialNumber`)),
    ).toHaveLength(1);
  });

  it("never offers Delete on the owner's own record", async () => {
    const me = listItem("me", "Ada");
    visit("/dashboard/personal-network/personal-details", ["subscriber"], {
      "GET /api/pn/person": { body: fullRecord(me) },
    });
    await screen.findByText("Ada Lovelace");
    expect(screen.getByRole("link", { name: "Edit" }).getAttribute("href")).toBe(
      `/dashboard/personal-network/personal-details/edit/${me.id}`,
    );
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
  });

  it("goes back to the list with the back arrow", async () => {
    const { router } = visit(`/dashboard/personal-network/child/view/${child.id}`, ["subscriber"]);
    await userEvent.click(await screen.findByRole("button", { name: "Back" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/personal-network/child"));
  });
});
