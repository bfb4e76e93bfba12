import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CollaboratingView, CollaboratorView } from "../../../domain/schemas/collaborator.ts";
import { axeViolations } from "../../test/axe.ts";
import { sentBodies, stubApi, testAccount } from "../../test/stubApi.ts";
import { renderSharing } from "../shared-by-me/testSharing.tsx";

const LIST = "/dashboard/shared-data/collaborators";
const ID = "5b0c7a2e-0000-4000-8000-0000000000c1";

afterEach(() => vi.unstubAllGlobals());

function testCollaborator(overrides: Partial<CollaboratorView> = {}): CollaboratorView {
  return {
    id: ID,
    email: "sam@example.com",
    firstName: "Sam",
    lastName: "Haddad",
    scope: { modules: ["household"], categories: ["insurance"], secrets: false },
    rights: "edit",
    status: "accepted",
    invitedAt: 0,
    answeredAt: 1,
    ...overrides,
  };
}

describe("the owner's collaborators", () => {
  it("lists each collaborator's rights, scope and status, and ends an access after a confirmation", async () => {
    let listed = [testCollaborator()];
    const api = stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/collaborators": () => ({ body: listed }),
      [`DELETE /api/collaborators/${ID}`]: () => {
        listed = [];
        return { status: 204 };
      },
    });
    renderSharing(LIST);
    const card = await screen.findByTestId("collaborator");
    expect(card.textContent).toContain("Sam Haddad");
    expect(card.textContent).toContain("Read, add and change");
    expect(card.textContent).toContain("Household");
    expect(card.textContent).toContain("Passwords and secret numbers stay hidden");
    expect(within(card).getByText("Accepted").textContent).toBe("Accepted");

    await userEvent.click(within(card).getByRole("button", { name: "End access for Sam Haddad" }));
    const dialog = await screen.findByRole("dialog", { name: "End Sam Haddad's access to your file?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Yes, end access" }));
    await screen.findByText("Sam Haddad no longer has access to your file.");
    await screen.findByText("You have not invited anyone yet.");
    expect(sentBodies(api, `DELETE /api/collaborators/${ID}`)).toHaveLength(1);
  });

  it("invites with the API's own checks: the vault needs secrets, then the invitation is sent", async () => {
    const api = stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/collaborators": { body: [] },
      "POST /api/collaborators": (body) => ({
        status: 201,
        body: testCollaborator({ ...(body as object), status: "invited" }),
      }),
    });
    const { router } = renderSharing(`${LIST}/invite`);
    await userEvent.type(await screen.findByRole("textbox", { name: /^First Name/ }), "Sam");
    await userEvent.type(screen.getByRole("textbox", { name: /^Last Name/ }), "Haddad");
    await userEvent.type(screen.getByRole("textbox", { name: /^Email/ }), "sam@example.com");
    await userEvent.click(screen.getByRole("radio", { name: "Read only" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Password Vault (all)" }));
    await userEvent.click(screen.getByRole("button", { name: "Send the invitation" }));
    await screen.findByText("The Password Vault is shared only with passwords and secret numbers included.");
    expect(sentBodies(api, "POST /api/collaborators")).toEqual([]);

    await userEvent.click(screen.getByRole("checkbox", { name: /^Include passwords and secret numbers/ }));
    await userEvent.click(screen.getByRole("button", { name: "Send the invitation" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
    expect(sentBodies(api, "POST /api/collaborators")).toEqual([
      {
        firstName: "Sam",
        lastName: "Haddad",
        email: "sam@example.com",
        rights: "view",
        scope: { modules: ["passwordvault"], categories: [], secrets: true },
      },
    ]);
    await screen.findByText("Invitation sent to sam@example.com.");
  });
});

describe("the files I help with", () => {
  const invitation: CollaboratingView = {
    id: ID,
    owner: { id: "owner", name: "Noor Haddad", email: "noor@example.com" },
    scope: { modules: ["assets"], categories: [], secrets: false },
    rights: "edit",
    status: "invited",
  };

  it("accepts an invitation in one click and says so", async () => {
    let status: CollaboratingView["status"] = "invited";
    const api = stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/collaborating": () => ({ body: [{ ...invitation, status }] }),
      [`POST /api/collaborating/${ID}/accept`]: () => {
        status = "accepted";
        return { body: { ...invitation, status } };
      },
    });
    renderSharing("/dashboard/shared-data/collaborating", { language: "fr" });
    const card = await screen.findByTestId("collaborating");
    expect(card.textContent).toContain("Noor Haddad (noor@example.com) vous invite");
    await userEvent.click(within(card).getByRole("button", { name: "Accepter" }));
    await screen.findByText("Vous aidez maintenant à tenir le dossier de Noor Haddad.");
    await screen.findByText("Vous aidez Noor Haddad (noor@example.com)");
    expect(sentBodies(api, `POST /api/collaborating/${ID}/accept`)).toHaveLength(1);
  });

  it("says when no one has invited the account", async () => {
    stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/collaborating": { body: [] },
    });
    renderSharing("/dashboard/shared-data/collaborating");
    await screen.findByText("No one has invited you to help with their file.");
  });
});

describe("the collaborators' screens, for assistive technologies", () => {
  it("the list, the invitation form and the files I help with have no axe violation", async () => {
    stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/collaborators": {
        body: [testCollaborator(), testCollaborator({ id: "c2", status: "invited" })],
      },
      "GET /api/collaborating": {
        body: [
          {
            id: ID,
            owner: { id: "owner", name: "Noor Haddad", email: "noor@example.com" },
            scope: { modules: ["assets"], categories: [], secrets: true },
            rights: "view",
            status: "invited",
          },
        ],
      },
    });
    for (const [path, ready] of [
      [LIST, "Sam Haddad"],
      [`${LIST}/invite`, "Send the invitation"],
      [`${LIST}/edit/${ID}`, "Save"],
      ["/dashboard/shared-data/collaborating", "Accept"],
      ["/dashboard/shared-data", "Manage collaborators"],
    ] as const) {
      const screenOf = renderSharing(path);
      await screen.findAllByText(ready);
      expect(await axeViolations(screenOf.container), path).toEqual([]);
      screenOf.unmount();
    }
  });
});
