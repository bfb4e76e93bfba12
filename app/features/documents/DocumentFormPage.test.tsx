import { fireEvent, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sentBodies, stubApi, testAccount } from "../../test/stubApi.ts";
import { documentLibraryRoutes } from "./routes.ts";
import { documentItem, fakeFile, renderDocumentsRoutes, stubUploads } from "./testSupport.tsx";

const ACCOUNT = { "GET /api/account/account": { body: testAccount() } };
const ADD = "/dashboard/inventory/documentlibrary/add";

function renderAdd() {
  return renderDocumentsRoutes([{ path: "dashboard", children: [documentLibraryRoutes] }], ADD);
}

async function fillAndChoose(container: HTMLElement) {
  await userEvent.type(await screen.findByRole("textbox", { name: "Description" }), "Passport scan");
  await userEvent.selectOptions(screen.getByRole("combobox", { name: "Assigned module" }), "personaldata");
  await userEvent.selectOptions(screen.getByRole("combobox", { name: "Assigned type" }), "passport");
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error("no file input");
  fireEvent.change(input, { target: { files: [fakeFile("passport.pdf")] } });
}

afterEach(() => vi.unstubAllGlobals());

describe("Document Library add flow", () => {
  it("saves the details, uploads the file, says so and switches to the edit route", async () => {
    const api = stubApi({
      ...ACCOUNT,
      "POST /api/documents": { body: "new-id" },
      "GET /api/documents/inventory/documentlibrary/new-id": { body: documentItem({ id: "new-id" }) },
    });
    const uploads = stubUploads(() => ({ status: 200, body: documentItem({ id: "new-id" }) }));
    const { container, router } = renderAdd();
    await fillAndChoose(container);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved. File has been added to your Document Library")).toBeTruthy();
    expect(sentBodies(api, "POST /api/documents")[0]).toEqual({
      module: "inventory",
      type: "documentlibrary",
      description: "Passport scan",
      lastName: "",
      assignedModule: "personaldata",
      assignedType: "passport",
    });
    expect(uploads).toEqual(["/api/documents/inventory/documentlibrary/new-id/upload"]);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe("/dashboard/inventory/documentlibrary/edit/new-id"),
    );
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("says something went wrong when the details cannot be saved", async () => {
    stubApi({
      ...ACCOUNT,
      "POST /api/documents": { status: 500, body: { error: { code: "x", message: "x" } } },
    });
    const uploads = stubUploads(() => ({ status: 200, body: {} }));
    const { container, router } = renderAdd();
    await fillAndChoose(container);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Something went wrong, please try later")).toBeTruthy();
    expect(uploads).toEqual([]);
    expect(router.state.location.pathname).toBe(ADD);
  });

  it("shows the server's message when the upload is refused", async () => {
    stubApi({
      ...ACCOUNT,
      "POST /api/documents": { body: "new-id" },
      "GET /api/documents/inventory/documentlibrary/new-id": {
        body: documentItem({ id: "new-id", fileName: null }),
      },
    });
    stubUploads(() => ({
      status: 415,
      body: { error: { code: "unsupported_media_type", message: "This type of file is not accepted." } },
    }));
    const { container } = renderAdd();
    await fillAndChoose(container);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("This type of file is not accepted.")).toBeTruthy();
    expect(screen.queryByText("Saved. File has been added to your Document Library")).toBeNull();
  });

  it("keeps Save inactive until a file is chosen, and offers no remove icon", async () => {
    stubApi(ACCOUNT);
    renderAdd();
    const save = await screen.findByRole("button", { name: "Save" });
    expect(save.hasAttribute("disabled")).toBe(true);
    expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
  });
});

describe("Document Library edit page", () => {
  it("replaces the stored file after the confirmation, without a remove icon", async () => {
    stubApi({ ...ACCOUNT, "GET /api/documents/inventory/documentlibrary/doc-1": { body: documentItem() } });
    const uploads = stubUploads(() => ({ status: 200, body: documentItem({ fileName: "renewed.pdf" }) }));
    const { container } = renderDocumentsRoutes(
      [{ path: "dashboard", children: [documentLibraryRoutes] }],
      "/dashboard/inventory/documentlibrary/edit/doc-1",
    );
    expect(await screen.findByRole("link", { name: "Download passport.pdf" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    fireEvent.change(input, { target: { files: [fakeFile("renewed.pdf")] } });
    await userEvent.click(await screen.findByRole("button", { name: "Yes" }));
    expect(await screen.findByRole("link", { name: "Download renewed.pdf" })).toBeTruthy();
    expect(uploads).toEqual(["/api/documents/inventory/documentlibrary/doc-1/upload"]);
  });
});
