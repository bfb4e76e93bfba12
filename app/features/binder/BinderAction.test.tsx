import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import enBinder from "../../../public/locales/en/binder.json" with { type: "json" };
import { ToastHost } from "../../shell/ToastHost.tsx";
import { axeViolations } from "../../test/axe.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { stubApi, testAccount } from "../../test/stubApi.ts";
import { BinderAction } from "./BinderAction.tsx";
import type { BinderSource } from "./binderApi.ts";

const PDF = {
  body: "%PDF-1.7 a binder",
  headers: {
    "Content-Type": "application/pdf",
    "Content-Disposition":
      "attachment; filename=\"Emergency binder.pdf\"; filename*=UTF-8''Emergency%20binder.pdf",
  },
};

/** The names the browser was asked to save files as. */
function savedFiles(): string[] {
  const saved: string[] = [];
  vi.stubGlobal(
    "URL",
    Object.assign(URL, { createObjectURL: () => "blob:binder", revokeObjectURL: () => {} }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

/** The binder paths fetched, with their query. */
function binderCalls(api: ReturnType<typeof stubApi>): string[] {
  return api.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname.endsWith("binder"))
    .map((url) => url.pathname + url.search);
}

function renderAction(source: BinderSource = { kind: "owner" }) {
  const view = renderWithProviders(
    <>
      <BinderAction source={source} label="Emergency binder (PDF)" description="A PDF of your whole file." />
      <ToastHost />
    </>,
  );
  view.i18n.addResourceBundle("en", "binder", enBinder);
  return view;
}

describe("the emergency binder action", () => {
  beforeEach(() => notifications.clean());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("makes the owner's binder with the attached PDFs, shows it is done, and saves the file", async () => {
    const api = stubApi({ "GET /api/account/account": { body: testAccount() }, "GET /api/binder": PDF });
    const saved = savedFiles();
    renderAction();
    await userEvent.click(screen.getByRole("button", { name: "Emergency binder (PDF)" }));
    const dialog = await screen.findByRole("dialog", { name: "Make an emergency binder" });
    expect(await axeViolations(dialog)).toEqual([]);
    await userEvent.click(within(dialog).getByRole("checkbox", { name: /Append the attached PDF/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Make the binder" }));
    await screen.findByText("The binder has been downloaded.");
    expect(binderCalls(api)).toEqual(["/api/binder?files=true&secrets=false"]);
    expect(saved).toEqual(["Emergency binder.pdf"]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("asks the password again before the secrets, then makes the binder with them", async () => {
    const api = stubApi({
      "GET /api/account/account": { body: testAccount() },
      "POST /api/account/confirm-password": { body: { confirmedUntil: Date.now() + 300_000 } },
      "GET /api/binder": PDF,
    });
    savedFiles();
    renderAction({ kind: "owner", module: "passwordvault" });
    await userEvent.click(screen.getByRole("button", { name: "Emergency binder (PDF)" }));
    await userEvent.click(await screen.findByRole("checkbox", { name: /Include secrets/ }));
    await userEvent.click(screen.getByRole("button", { name: "Make the binder" }));
    const password = await screen.findByRole("dialog", { name: "Confirm your password" });
    expect(binderCalls(api)).toEqual([]);
    await userEvent.type(within(password).getByLabelText(/Password/), "right password here");
    await userEvent.click(within(password).getByRole("button", { name: /Continue|Confirm/ }));
    await screen.findByText("The binder has been downloaded.");
    expect(binderCalls(api)).toEqual(["/api/binder?files=false&module=passwordvault&secrets=true"]);
  });

  it("offers a nominee no secrets, and says why a binder could not be made", async () => {
    const api = stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/shared/nominee/n-1/binder": {
        status: 404,
        body: { error: { code: "not_found", message: "This was not found." } },
      },
    });
    savedFiles();
    renderAction({ kind: "nominee", nomineeId: "n-1" });
    await userEvent.click(screen.getByRole("button", { name: "Emergency binder (PDF)" }));
    const dialog = await screen.findByRole("dialog", { name: "Make an emergency binder" });
    expect(within(dialog).queryByRole("checkbox", { name: /Include secrets/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: "Make the binder" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("This was not found.");
    expect(binderCalls(api)).toEqual(["/api/shared/nominee/n-1/binder?files=false"]);
    expect(await axeViolations(dialog)).toEqual([]);
  });
});
