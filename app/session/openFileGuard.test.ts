import { screen } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/client.ts";
import { closedFileNotice, dismissEndedFile, openFile, setOpenFile } from "../api/openFile.ts";
import { OpenFileBanner } from "../shell/OpenFileBanner.tsx";
import { openTestOwnersFile, TEST_OWNER } from "../test/openFile.ts";
import { renderWithProviders } from "../test/render.tsx";
import { stubApi } from "../test/stubApi.ts";
import { checkOpenFile } from "./openFileGuard.ts";

afterEach(() => {
  setOpenFile(null);
  dismissEndedFile();
  vi.unstubAllGlobals();
});

const notFound = (details: Record<string, unknown> = {}) =>
  new ApiError(404, "not_found", "Not found", {}, null, details);

/** The file closes as the guard closes it, without leaving the test's page. */
async function closeAfter(error: ApiError): Promise<void> {
  vi.stubGlobal("location", { ...window.location, assign: vi.fn() });
  stubApi({ "GET /api/collaborating": { body: [] } });
  openTestOwnersFile("edit");
  await checkOpenFile(TEST_OWNER.id, error);
  expect(openFile()).toBeNull();
}

describe("an owner's file that closes under the collaborator", () => {
  it.each([
    ["en", "Noor Haddad ended your access to their file. You are back in your own file."],
    ["fr", "Noor Haddad a mis fin à votre accès à son dossier. Vous êtes de retour dans le vôtre."],
  ])("says the owner ended the access when they did (%s)", async (language, text) => {
    await closeAfter(notFound());
    expect(closedFileNotice()).toEqual({ ownerName: TEST_OWNER.name, reason: "ended" });
    renderWithProviders(createElement(OpenFileBanner), { language });
    expect(screen.getByRole("alert").textContent).toBe(text);
  });

  it.each([
    [
      "en",
      "Noor Haddad's account is suspended, so their file is closed to you for now. You are back in your own file.",
    ],
    [
      "fr",
      "Le compte de Noor Haddad est suspendu : son dossier vous est donc fermé pour le moment. Vous êtes de retour dans le vôtre.",
    ],
  ])(
    "says the owner's account is suspended when the server says so, not that the owner ended it (%s)",
    async (language, text) => {
      await closeAfter(notFound({ ownerSuspended: true }));
      expect(closedFileNotice()).toEqual({ ownerName: TEST_OWNER.name, reason: "suspended" });
      renderWithProviders(createElement(OpenFileBanner), { language });
      expect(screen.getByRole("alert").textContent).toBe(text);
    },
  );
});
