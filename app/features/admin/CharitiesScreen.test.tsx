import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminCharity } from "../../../domain/schemas/subscription.ts";
import { axeViolations } from "../../test/axe.ts";
import { sentBodies, stubApi } from "../../test/stubApi.ts";
import { adminSession, fieldRefusal, renderAdmin, SERVER_FAILURE } from "./testAdmin.tsx";

const RED_CROSS: AdminCharity = {
  companyId: "ch1",
  fullName: "Canadian Red Cross",
  archived: false,
  createdAt: Date.UTC(2026, 0, 5),
  chosenBy: 3,
};
const CLOSED: AdminCharity = {
  ...RED_CROSS,
  companyId: "ch2",
  fullName: "Closed Fund",
  archived: true,
  chosenBy: 1,
};

afterEach(() => {
  vi.unstubAllGlobals();
  // The toasts live in one store for the whole file: each test starts without the last one's.
  notifications.clean();
});

function serve(charities: AdminCharity[] = [RED_CROSS, CLOSED]) {
  let list = charities;
  return stubApi({
    ...adminSession("off"),
    "GET /api/admin/charities": () => ({ body: list }),
    "POST /api/admin/charities": (body) => {
      const created = { ...RED_CROSS, companyId: "ch3", ...(body as { fullName: string }) };
      list = [...list, created];
      return { body: created };
    },
    "POST /api/admin/charities/ch1/archive": () => {
      list = list.map((item) => (item.companyId === "ch1" ? { ...item, archived: true } : item));
      return { body: { ...RED_CROSS, archived: true } };
    },
  });
}

function cellsOf(name: string): (string | null)[] {
  const row = screen.getByRole("cell", { name }).closest("tr");
  if (!row) throw new Error(`No row for ${name}`);
  return within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);
}

describe("the charities screen", () => {
  it("lists each charity with how many accounts chose it and its status", async () => {
    serve();
    renderAdmin("/admin/charities");
    await screen.findByRole("cell", { name: RED_CROSS.fullName });
    expect(cellsOf(RED_CROSS.fullName)).toEqual([
      RED_CROSS.fullName,
      "3 accounts",
      "Active",
      `Archive ${RED_CROSS.fullName}`,
    ]);
    expect(cellsOf(CLOSED.fullName)).toEqual([CLOSED.fullName, "1 account", "Archived", ""]);
    expect(screen.getByRole("link", { name: "Charities" }).getAttribute("aria-current")).toBe("page");
  });

  it("says when there is none yet, or when the list could not be loaded", async () => {
    serve([]);
    const empty = renderAdmin("/admin/charities");
    await screen.findByText("No charities yet.");
    empty.unmount();
    stubApi({ ...adminSession("off"), "GET /api/admin/charities": SERVER_FAILURE });
    renderAdmin("/admin/charities", { language: "fr" });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Les organismes n’ont pas pu être chargés.");
    within(alert).getByRole("button", { name: "Réessayer" });
  });

  it("adds a charity by its full name, then empties the field", async () => {
    const api = serve();
    renderAdmin("/admin/charities");
    const user = userEvent.setup();
    const name = await screen.findByRole("textbox", { name: /^Full name/ });
    await user.click(screen.getByRole("button", { name: "Add charity" }));
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(sentBodies(api, "POST /api/admin/charities")).toEqual([]);
    await user.type(name, "  Food Banks Canada ");
    await user.click(screen.getByRole("button", { name: "Add charity" }));
    await screen.findByText("Charity “Food Banks Canada” added.");
    expect(sentBodies(api, "POST /api/admin/charities")).toEqual([{ fullName: "Food Banks Canada" }]);
    await screen.findByRole("cell", { name: "Food Banks Canada" });
    expect((name as HTMLInputElement).value).toBe("");
  });

  it("shows the server's refusal beside the name", async () => {
    stubApi({
      ...adminSession("off"),
      "GET /api/admin/charities": { body: [] },
      "POST /api/admin/charities": fieldRefusal("fullName", "This charity is already listed."),
    });
    renderAdmin("/admin/charities");
    const user = userEvent.setup();
    const name = await screen.findByRole("textbox", { name: /^Full name/ });
    await user.type(name, "Canadian Red Cross");
    await user.click(screen.getByRole("button", { name: "Add charity" }));
    await screen.findByText("This charity is already listed.");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect((name as HTMLInputElement).value).toBe("Canadian Red Cross");
  });

  it("archives a charity only once confirmed", async () => {
    const api = serve();
    renderAdmin("/admin/charities");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: `Archive ${RED_CROSS.fullName}` }));
    const dialog = await screen.findByRole("dialog", { name: "Archive this charity?" });
    expect(dialog.textContent).toContain("Donations already chosen are kept.");
    expect(sentBodies(api, "POST /api/admin/charities/ch1/archive")).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Archive" }));
    await screen.findByText(`Charity “${RED_CROSS.fullName}” archived.`);
    expect(sentBodies(api, "POST /api/admin/charities/ch1/archive")).toHaveLength(1);
    await waitFor(() => expect(cellsOf(RED_CROSS.fullName)[2]).toBe("Archived"));
  });

  it("has no axe violation", async () => {
    serve();
    const { container } = renderAdmin("/admin/charities");
    await screen.findByRole("cell", { name: RED_CROSS.fullName });
    await userEvent.click(screen.getByRole("button", { name: "Add charity" }));
    await screen.findByText("This field is required.");
    expect(await axeViolations(container)).toEqual([]);
  }, 30_000);
});
