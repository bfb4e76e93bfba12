import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { axeViolations } from "../../test/axe.ts";
import { conflictThenSaved, ifMatchesSent, sentBodies, stubApi, testAccount } from "../../test/stubApi.ts";
import { renderRecords } from "./testRecords.tsx";

afterEach(() => vi.unstubAllGlobals());

const ID = "5b0c7a2e-0000-4000-8000-0000000000ee";
const URL_ONE = `/api/records/passwordvault/password/${ID}`;

const record = (
  version: number,
  accountNickname: string,
  changedBy: { id: string; name: string } | null,
) => ({
  id: ID,
  module: "passwordvault",
  category: "password",
  createTime: 0,
  updateTime: Date.UTC(2026, 10, 27, 14, 2),
  body: { accountNickname, password: "********", url: "https://mail.example.com" },
  maskedFields: ["password"],
  version,
  changedBy,
});

/** A record loaded at version 3; the first save is refused, Sam having saved version 4 since. */
function stubConflict() {
  return stubApi({
    "GET /api/account/account": { body: testAccount() },
    "GET /api/pn/person/me": { body: [] },
    [`GET ${URL_ONE}`]: { body: record(3, "Mail", null) },
    [`PUT ${URL_ONE}`]: conflictThenSaved(
      record(4, "Mail at work", { id: "sam", name: "Sam Carter" }),
      4,
      () => ({ body: ID }),
    ),
  });
}

const ifMatches = (api: ReturnType<typeof stubApi>) => ifMatchesSent(api, "PUT");

async function saveAndConflict() {
  const nickname = await screen.findByRole("textbox", { name: /^Service or site/ }, { timeout: 15_000 });
  await userEvent.clear(nickname);
  await userEvent.type(nickname, "Personal mail");
  await userEvent.click(screen.getByRole("button", { name: "Save" }));
  return screen.findByRole(
    "region",
    { name: "This record was saved while you were editing it" },
    { timeout: 15_000 },
  );
}

describe("a save refused because the record changed since it was opened", () => {
  it("shows both versions where they differ, takes the focus, and keeps mine over the new version", async () => {
    const api = stubConflict();
    const { router } = renderRecords(`/dashboard/passwordvault/password/edit/${ID}`);
    const conflict = await saveAndConflict();
    await waitFor(() => expect(document.activeElement).toBe(conflict));
    expect(conflict.textContent).toMatch(/Saved by Sam Carter on /);
    const rows = Array.from(conflict.querySelectorAll("li"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.textContent).toMatch(
      /^Service or site.*Your version.*Personal mail.*Saved version.*Mail at work/,
    );
    expect(ifMatches(api)).toEqual(['"3"']);
    expect(router.state.location.pathname).toBe(`/dashboard/passwordvault/password/edit/${ID}`);
    expect(await axeViolations(document.body)).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Keep mine" }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/passwordvault/password/view/${ID}`),
    );
    expect(ifMatches(api)).toEqual(['"3"', '"4"']);
    expect(sentBodies(api, `PUT ${URL_ONE}`)[1]).toMatchObject({ accountNickname: "Personal mail" });
  }, 30_000);

  it("takes the saved version into the form without saving, or lets me edit mine on over it", async () => {
    const api = stubConflict();
    renderRecords(`/dashboard/passwordvault/password/edit/${ID}`);
    await saveAndConflict();
    await userEvent.click(screen.getByRole("button", { name: "Take the saved version" }));
    const nickname = screen.getByRole("textbox", { name: /^Service or site/ }) as HTMLInputElement;
    expect(nickname.value).toBe("Mail at work");
    screen.getByText("The saved version is now in the form.");
    expect(screen.queryByRole("region", { name: /was saved while you were editing/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(nickname));
    expect(ifMatches(api)).toEqual(['"3"']);

    await userEvent.type(nickname, " (shared)");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(ifMatches(api)).toEqual(['"3"', '"4"']));
    expect(sentBodies(api, `PUT ${URL_ONE}`)[1]).toMatchObject({ accountNickname: "Mail at work (shared)" });
  }, 30_000);

  it("says so in French", async () => {
    stubConflict();
    renderRecords(`/dashboard/passwordvault/password/edit/${ID}`, { language: "fr" });
    const nickname = await screen.findByRole("textbox", { name: /^Service ou site/ }, { timeout: 15_000 });
    await userEvent.clear(nickname);
    await userEvent.type(nickname, "Courriel perso");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    const conflict = await screen.findByRole("region", {
      name: "Cette fiche a été enregistrée pendant que vous la modifiiez",
    });
    expect(conflict.textContent).toMatch(/Enregistrée par Sam Carter le /);
    screen.getByRole("button", { name: "Garder la mienne" });
  }, 30_000);
});
