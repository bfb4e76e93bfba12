import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ARCHIVE_LIMITS } from "../../../domain/limits.ts";
import type { ImportSummary } from "../../../domain/schemas/file-export.ts";
import { ToastHost } from "../../shell/ToastHost.tsx";
import { axeViolations } from "../../test/axe.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { sentBodies, stubApi, testAccount } from "../../test/stubApi.ts";
import { YourDataSection } from "./YourDataSection.tsx";

const SUMMARY: ImportSummary = {
  persons: 4,
  addresses: 2,
  institutions: 1,
  records: 12,
  documents: 3,
  files: 2,
  comments: 2,
  nominees: 1,
};

/** The addresses the section sent the browser's download to. */
function downloads(): string[] {
  const clicked: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(new URL(this.href).pathname + new URL(this.href).search);
  });
  return clicked;
}

/** Chooses an archive in the import's field; `size` stands for a file too large to make in a test. */
async function chooseArchive(container: HTMLElement, size?: number) {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) throw new Error("no file input");
  const file = new File(["PK"], "kinfile-export-2026-11-26.zip", { type: "application/zip" });
  if (size !== undefined) Object.defineProperty(file, "size", { value: size });
  await userEvent.upload(input, file);
}

/** Confirms the import of the chosen archive. */
async function confirmImport() {
  await userEvent.click(screen.getByRole("button", { name: "Import" }));
  await userEvent.click(
    within(await screen.findByRole("dialog", { name: "Import this file?" })).getByRole("button", {
      name: "Import",
    }),
  );
}

describe("Your data", () => {
  beforeEach(() => notifications.clean());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("exports without secrets at once, through the browser's download", async () => {
    stubApi({ "GET /api/account/account": { body: testAccount() } });
    const clicked = downloads();
    const { container } = renderWithProviders(<YourDataSection />);
    await userEvent.click(screen.getByRole("button", { name: "Download export" }));
    expect(clicked).toEqual(["/api/export"]);
    screen.getByText("Your export is downloading.");
    expect(await axeViolations(container)).toEqual([]);
  });

  it("asks the password again before the secrets go, and says when it is wrong", async () => {
    const api = stubApi({
      "GET /api/account/account": { body: testAccount() },
      "POST /api/account/confirm-password": (body) =>
        (body as { password: string }).password === "right password here"
          ? { body: { confirmedUntil: Date.now() + 300_000 } }
          : {
              status: 400,
              body: {
                error: {
                  code: "validation_failed",
                  message: "The password is not correct.",
                  fields: { password: "The password is not correct." },
                },
              },
            },
    });
    const clicked = downloads();
    renderWithProviders(<YourDataSection />);
    await userEvent.click(screen.getByRole("checkbox", { name: /Include secrets/ }));
    await userEvent.click(screen.getByRole("button", { name: "Download export" }));

    const dialog = await screen.findByRole("dialog", { name: "Confirm your password" });
    await userEvent.type(within(dialog).getByLabelText(/^Password/), "wrong one");
    await userEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    await within(dialog).findByText("The password is not correct.");
    expect(clicked).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText(/^Password/));
    await userEvent.type(within(dialog).getByLabelText(/^Password/), "right password here");
    await userEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(clicked).toEqual(["/api/export?secrets=true"]));
    expect(sentBodies(api, "POST /api/account/confirm-password")).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("imports a chosen archive after a confirmation, then says what came in", async () => {
    const api = stubApi({
      "GET /api/account/account": { body: testAccount() },
      "POST /api/import": { body: SUMMARY },
    });
    const { container } = renderWithProviders(
      <>
        <ToastHost />
        <YourDataSection />
      </>,
    );
    const submit = screen.getByRole("button", { name: "Import" });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await chooseArchive(container);
    await userEvent.click(screen.getByRole("button", { name: "Import" }));

    const dialog = await screen.findByRole("dialog", { name: "Import this file?" });
    within(dialog).getByText(/kinfile-export-2026-11-26\.zip/);
    await userEvent.click(within(dialog).getByRole("button", { name: "Import" }));

    await screen.findByText(
      "Imported 4 persons, 2 addresses, 1 institution, 12 records, 3 documents, 2 comments, and 1 nominee.",
    );
    await screen.findByText("Imported: 12 records, 4 persons, and 2 files.");
    const sent = api.mock.calls.find(([input]) => String(input) === "/api/import")?.[1]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get("file")).toBeInstanceOf(File);
  });

  it("shows why an archive was refused, and each problem it names", async () => {
    stubApi({
      "GET /api/account/account": { body: testAccount() },
      "POST /api/import": {
        status: 400,
        body: {
          error: {
            code: "validation_failed",
            message: "Some of this export's content is not valid; nothing was imported.",
            fields: { "persons.1.mainDetails.firstName": "First name is required" },
          },
        },
      },
    });
    const { container } = renderWithProviders(<YourDataSection />);
    await chooseArchive(container);
    await userEvent.click(screen.getByRole("button", { name: "Import" }));
    await userEvent.click(
      within(await screen.findByRole("dialog", { name: "Import this file?" })).getByRole("button", {
        name: "Import",
      }),
    );
    expect((await screen.findByRole("alert")).textContent).toMatch(/nothing was imported/);
    const problems = screen.getByRole("list", { name: "What is wrong in the file" });
    expect(problems.textContent).toContain("persons.1.mainDetails.firstName: First name is required");
  });

  it("says the limit, and refuses an archive past it before sending anything", async () => {
    const api = stubApi({ "GET /api/account/account": { body: testAccount() } });
    const { container } = renderWithProviders(<YourDataSection />);
    screen.getByText("At most 1024 MB.");
    await chooseArchive(container, ARCHIVE_LIMITS.archiveBytesMax + 1);
    screen.getByText("This archive is larger than an import takes (at most 1024 MB).");
    expect((screen.getByRole("button", { name: "Import" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByLabelText(/Kinfile export/).getAttribute("aria-invalid")).toBe("true");
    expect(api.mock.calls.map(([input]) => String(input))).not.toContain("/api/import");
    expect(await axeViolations(container)).toEqual([]);

    await chooseArchive(container, ARCHIVE_LIMITS.archiveBytesMax);
    expect(screen.queryByText(/larger than an import takes/)).toBeNull();
    expect((screen.getByRole("button", { name: "Import" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    [
      409,
      "conflict",
      "An import into this account is already running. Wait for it to finish before you import again.",
    ],
    [413, "payload_too_large", "This archive is too large to import (at most 1024 MB)."],
    [
      507,
      "storage_full",
      "The server has no room left to store this. Nothing was saved; please try again later or tell the administrator.",
    ],
  ])("words the server's %i refusal (%s)", async (status, code, message) => {
    stubApi({
      "GET /api/account/account": { body: testAccount() },
      "POST /api/import": { status, body: { error: { code, message } } },
    });
    const { container } = renderWithProviders(<YourDataSection />);
    await chooseArchive(container);
    await confirmImport();
    expect((await screen.findByRole("alert")).textContent).toBe(message);
  });
});
