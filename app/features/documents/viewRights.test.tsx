import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setOpenFile } from "../../api/openFile.ts";
import { openTestOwnersFile, TEST_FILE_PREFIX } from "../../test/openFile.ts";
import { stubApi, testAccount } from "../../test/stubApi.ts";
import { documentLibraryRoutes } from "./routes.ts";
import { documentItem, renderDocumentsRoutes } from "./testSupport.tsx";

const LIBRARY = "/dashboard/inventory/documentlibrary";

afterEach(() => {
  setOpenFile(null);
  vi.unstubAllGlobals();
});

function openOwnersLibrary(entry = LIBRARY) {
  stubApi({
    "GET /api/account/account": { body: testAccount() },
    [`GET ${TEST_FILE_PREFIX}/documents/inventory/type/documentlibrary`]: {
      body: [documentItem({ id: "will", fileName: "Will.pdf" })],
    },
  });
  return renderDocumentsRoutes([{ path: "dashboard", children: [documentLibraryRoutes] }], entry);
}

describe("the owner's Documents Library opened with view rights", () => {
  it("lists the files to read and download, without Add, a drop zone, an edit link or Delete", async () => {
    openTestOwnersFile("view");
    openOwnersLibrary();
    const will = await screen.findByRole("article", { name: "Will.pdf" });
    expect(will.querySelector("a[href*='/edit/']")).toBeNull();
    expect(screen.queryByRole("link", { name: /add/i })).toBeNull();
    expect(screen.queryByRole("button", { name: /delete/i })).toBeNull();
    expect(screen.queryByText(/drop/i)).toBeNull();
    // Reading stays: the file still downloads.
    screen.getByRole("link", { name: /download/i });
  });

  it("keeps Add, the drop zone and Delete with edit rights", async () => {
    openTestOwnersFile("edit");
    openOwnersLibrary();
    await screen.findByRole("article", { name: "Will.pdf" });
    screen.getByRole("link", { name: /add/i });
    screen.getByRole("button", { name: /delete/i });
  });

  it("answers the add form, opened by its address, with the read-only notice", async () => {
    openTestOwnersFile("view");
    openOwnersLibrary(`${LIBRARY}/add`);
    await screen.findByRole("heading", { level: 1, name: "You can't change this file" });
    expect(screen.queryByRole("textbox")).toBeNull();
  });
});
