import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "../../test/axe.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { changedTextRows, EditConflict, type EditConflictProps } from "./EditConflict.tsx";

type Company = { name: string; website: string };

const FIELDS = [
  { key: "name", label: "Name", text: (v: Company) => v.name },
  { key: "website", label: "Website", text: (v: Company) => v.website },
];

function conflict(props: Partial<EditConflictProps> = {}, language = "en") {
  const handlers = { onKeepMine: vi.fn(), onTakeTheirs: vi.fn(), onEdit: vi.fn() };
  const rows = changedTextRows(
    FIELDS,
    { name: "Northwind Bank", website: "" },
    { name: "Northwind Bank", website: "https://northwind.example" },
  );
  const view = renderWithProviders(
    <EditConflict rows={rows} viewerId="ada" saving={false} {...handlers} {...props} />,
    { language },
  );
  return { ...view, handlers };
}

describe("changedTextRows", () => {
  it("keeps the fields that differ, whitespace aside, each empty side as null", () => {
    const rows = changedTextRows(
      FIELDS,
      { name: " Northwind ", website: "https://a.example" },
      { name: "Northwind", website: "" },
    );
    expect(rows).toEqual([{ key: "website", label: "Website", mine: "https://a.example", theirs: null }]);
  });
});

describe("the edit conflict of any form", () => {
  it("shows each differing field in both versions, takes the focus and offers the three ways on", async () => {
    const { handlers } = conflict();
    const region = screen.getByRole("region", { name: "This record was saved while you were editing it" });
    await waitFor(() => expect(document.activeElement).toBe(region));
    // A row without a saved time nor author says only that it was saved again.
    expect(region.textContent).toMatch(/Saved again after you opened this form/);
    const rows = Array.from(region.querySelectorAll("li"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.textContent).toMatch(
      /^Website.*Your version.*\(empty\).*Saved version.*northwind\.example/,
    );
    expect(await axeViolations(document.body)).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Keep mine" }));
    await userEvent.click(screen.getByRole("button", { name: "Take the saved version" }));
    await userEvent.click(screen.getByRole("button", { name: "Edit mine" }));
    expect(handlers.onKeepMine).toHaveBeenCalledOnce();
    expect(handlers.onTakeTheirs).toHaveBeenCalledOnce();
    expect(handlers.onEdit).toHaveBeenCalledOnce();
  });

  it("names who saved and when, the viewer as you", () => {
    const savedAt = Date.UTC(2026, 10, 27, 14, 2);
    const { unmount } = conflict({ savedAt, changedBy: { id: "sam", name: "Sam Carter" } });
    expect(screen.getByRole("region").textContent).toMatch(/Saved by Sam Carter on .*2026/);
    unmount();
    conflict({ savedAt, changedBy: { id: "ada", name: "Ada Lovelace" } });
    expect(screen.getByRole("region").textContent).toMatch(/Saved by you on /);
  });

  it("says when the versions differ in no field it shows, and keeps its buttons while saving", () => {
    conflict({ rows: [], saving: true });
    screen.getByText("The fields are the same in both versions.");
    for (const name of ["Take the saved version", "Edit mine"]) {
      expect((screen.getByRole("button", { name }) as HTMLButtonElement).disabled, name).toBe(true);
    }
  });

  it("says so in French", () => {
    conflict({}, "fr");
    const region = screen.getByRole("region", {
      name: "Cette fiche a été enregistrée pendant que vous la modifiiez",
    });
    expect(region.textContent).toMatch(/Enregistrée de nouveau après l’ouverture de ce formulaire/);
    expect(region.textContent).toMatch(/Votre version.*\(vide\).*Version enregistrée/);
    screen.getByRole("button", { name: "Garder la mienne" });
  });
});
