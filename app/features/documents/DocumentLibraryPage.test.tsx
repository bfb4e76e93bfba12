import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubApi, testAccount } from "../../test/stubApi.ts";
import { documentLibraryRoutes } from "./routes.ts";
import { documentItem, renderDocumentsRoutes } from "./testSupport.tsx";

const LIBRARY = "/dashboard/inventory/documentlibrary";

afterEach(() => vi.unstubAllGlobals());

function openLibrary() {
  stubApi({
    "GET /api/account/account": { body: testAccount() },
    "GET /api/documents/inventory/type/documentlibrary": {
      body: [
        documentItem({ id: "will", fileName: "Will.pdf", size: 2_400_000, date: Date.UTC(2026, 2, 15) }),
        documentItem({
          id: "deed",
          fileName: "deed.jpg",
          contentType: "image/jpeg",
          size: 800_000,
          date: Date.UTC(2025, 0, 2),
          assignedModule: "assets",
          assignedType: null,
        }),
      ],
    },
  });
  return renderDocumentsRoutes([{ path: "dashboard", children: [documentLibraryRoutes] }], LIBRARY);
}

const titles = () => screen.getAllByRole("article").map((article) => article.getAttribute("aria-label"));

describe("the Documents Library", () => {
  it("shows each file's type, size and date, newest first", async () => {
    openLibrary();
    await screen.findByRole("article", { name: "Will.pdf" });
    expect(titles()).toEqual(["Will.pdf", "deed.jpg"]);
    const will = screen.getByRole("article", { name: "Will.pdf" });
    within(will).getByText("PDF");
    within(will).getByText("2.4 MB");
    within(will).getByText("15 Mar 2026");
  });

  it("sorts by name and size, filters by module and type, searches by name, and says when nothing matches", async () => {
    const user = userEvent.setup();
    openLibrary();
    await screen.findByRole("article", { name: "Will.pdf" });
    await user.selectOptions(screen.getByLabelText("Sort by"), "name");
    expect(titles()).toEqual(["deed.jpg", "Will.pdf"]);
    await user.selectOptions(screen.getByLabelText("Sort by"), "size");
    expect(titles()).toEqual(["Will.pdf", "deed.jpg"]);
    await user.selectOptions(screen.getByLabelText("Module"), "assets");
    expect(titles()).toEqual(["deed.jpg"]);
    await user.selectOptions(screen.getByLabelText("Module"), "");
    await user.selectOptions(screen.getByLabelText("Type of file"), "pdf");
    expect(titles()).toEqual(["Will.pdf"]);
    await user.type(screen.getByLabelText("Search by name"), "deed");
    expect(screen.queryAllByRole("article")).toEqual([]);
    expect(screen.getByRole("status").textContent).toBe(
      "No document matches. Change the search or the filters.",
    );
    await user.click(screen.getByRole("button", { name: "Show every document" }));
    expect(titles()).toEqual(["Will.pdf", "deed.jpg"]);
  });

  it("opens the add page with a dropped file chosen", async () => {
    const { router } = openLibrary();
    await screen.findByText("Drop a file here to add it");
    screen.getByRole("button", { name: "Choose a file" });
    const input = document.querySelector("input[type=file]") as HTMLInputElement;
    const file = new File(["%PDF-1.4"], "lease.pdf", { type: "application/pdf" });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${LIBRARY}/add`));
    expect((await screen.findAllByText(/lease\.pdf/)).length).toBeGreaterThan(0);
  });
});
