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

const RECORDS = "/api/records/inventory/documentlibrary";
const NEW_DOCUMENT = "/api/documents/inventory/documentlibrary/new-id";

async function fillAndChoose(container: HTMLElement) {
  await userEvent.type(await screen.findByRole("textbox", { name: "Description" }), "Passport scan");
  await userEvent.selectOptions(screen.getByRole("combobox", { name: "Document type" }), "citizenship");
  await userEvent.selectOptions(screen.getByRole("combobox", { name: "Assigned module" }), "personaldata");
  await userEvent.selectOptions(screen.getByRole("combobox", { name: "Assigned type" }), "passport");
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error("no file input");
  fireEvent.change(input, { target: { files: [fakeFile("passport.pdf")] } });
}

const FAILURE = { status: 500, body: { error: { code: "x", message: "x" } } };

/** The calls of a flow that goes well up to where a test makes it fail. */
function addFlowApi(overrides: Record<string, Parameters<typeof stubApi>[0][string]> = {}) {
  return stubApi({
    ...ACCOUNT,
    "POST /api/documents": { body: "new-id" },
    [`POST ${RECORDS}`]: { body: "rec-1" },
    [`DELETE ${RECORDS}/rec-1`]: { status: 204 },
    [`DELETE ${NEW_DOCUMENT}`]: { status: 204 },
    [`GET ${NEW_DOCUMENT}`]: { body: documentItem({ id: "new-id", assignedDocument: "rec-1" }) },
    ...overrides,
  });
}

const deletes = (api: ReturnType<typeof stubApi>) =>
  api.mock.calls
    .filter(([, init]) => init?.method === "DELETE")
    .map(([input]) => new URL(String(input), "http://localhost").pathname);

afterEach(() => vi.unstubAllGlobals());

describe("Document Library add flow", () => {
  it("posts the document, its record with the document, links them, uploads, says so and switches to edit", async () => {
    const api = addFlowApi();
    const uploads = stubUploads(() => ({ status: 200, body: documentItem({ id: "new-id" }) }));
    const { container, router } = renderAdd();
    await fillAndChoose(container);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Saved. File has been added to your Document Library");
    const details = {
      module: "inventory",
      type: "documentlibrary",
      description: "Passport scan",
      lastName: "",
      assignedModule: "personaldata",
      assignedType: "passport",
    };
    expect(sentBodies(api, "POST /api/documents")).toEqual([
      details,
      { id: "new-id", ...details, assignedDocument: "rec-1" },
    ]);
    expect(sentBodies(api, `POST ${RECORDS}`)).toEqual([
      {
        description: "Passport scan",
        libraryDocType: "citizenship",
        assignedModule: "personaldata",
        assignedType: "passport",
        documents: ["new-id"],
      },
    ]);
    expect(uploads).toEqual([`${NEW_DOCUMENT}/upload`]);
    expect(deletes(api)).toEqual([]);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe("/dashboard/inventory/documentlibrary/edit/new-id"),
    );
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("says something went wrong when the document cannot be saved, and goes no further", async () => {
    const api = addFlowApi({ "POST /api/documents": FAILURE });
    const uploads = stubUploads(() => ({ status: 200, body: {} }));
    const { container, router } = renderAdd();
    await fillAndChoose(container);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Something went wrong, please try later");
    expect(sentBodies(api, `POST ${RECORDS}`)).toEqual([]);
    expect(uploads).toEqual([]);
    expect(router.state.location.pathname).toBe(ADD);
  });

  it("deletes the new document again when its record cannot be saved", async () => {
    const api = addFlowApi({ [`POST ${RECORDS}`]: FAILURE });
    const uploads = stubUploads(() => ({ status: 200, body: {} }));
    const { container, router } = renderAdd();
    await fillAndChoose(container);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Something went wrong, please try later");
    expect(deletes(api)).toEqual([NEW_DOCUMENT]);
    expect(uploads).toEqual([]);
    expect(router.state.location.pathname).toBe(ADD);
  });

  it("shows the server's message when the upload is refused, and deletes the record and the document", async () => {
    const api = addFlowApi();
    stubUploads(() => ({
      status: 415,
      body: { error: { code: "unsupported_media_type", message: "This type of file is not accepted." } },
    }));
    const { container, router } = renderAdd();
    await fillAndChoose(container);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("This type of file is not accepted.");
    await waitFor(() => expect(deletes(api)).toEqual([`${RECORDS}/rec-1`, NEW_DOCUMENT]));
    expect(screen.queryByText("Saved. File has been added to your Document Library")).toBeNull();
    expect(screen.queryByText("Something went wrong, please try later")).toBeNull();
    expect(router.state.location.pathname).toBe(ADD);
  });

  it("keeps Save inactive until the details and a file are there, and offers no remove icon", async () => {
    stubApi(ACCOUNT);
    const { container } = renderAdd();
    const save = await screen.findByRole("button", { name: "Save" });
    expect(save.hasAttribute("disabled")).toBe(true);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    fireEvent.change(input, { target: { files: [fakeFile("passport.pdf")] } });
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
    await screen.findByRole("link", { name: "Download passport.pdf" });
    expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    fireEvent.change(input, { target: { files: [fakeFile("renewed.pdf")] } });
    await userEvent.click(await screen.findByRole("button", { name: "Yes" }));
    await screen.findByRole("link", { name: "Download renewed.pdf" });
    expect(uploads).toEqual(["/api/documents/inventory/documentlibrary/doc-1/upload"]);
  });

  it("edits the entry's record beside its document, keeping the record's other fields", async () => {
    const linked = documentItem({ assignedDocument: "rec-1" });
    const api = stubApi({
      ...ACCOUNT,
      "GET /api/documents/inventory/documentlibrary/doc-1": { body: linked },
      [`GET ${RECORDS}/rec-1`]: {
        body: {
          id: "rec-1",
          module: "inventory",
          category: "documentlibrary",
          createTime: 0,
          updateTime: 0,
          body: {
            description: "Passport scan",
            libraryDocType: "citizenship",
            locationDetails: "Safe",
            documents: ["doc-1"],
          },
          maskedFields: [],
        },
      },
      [`PUT ${RECORDS}/rec-1`]: { body: "rec-1" },
      "POST /api/documents": { body: "doc-1" },
    });
    renderDocumentsRoutes(
      [{ path: "dashboard", children: [documentLibraryRoutes] }],
      "/dashboard/inventory/documentlibrary/edit/doc-1",
    );
    const docType = await screen.findByRole("combobox", { name: "Document type" });
    expect((docType as HTMLSelectElement).value).toBe("citizenship");
    await userEvent.selectOptions(docType, "tax");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Saved.");
    expect(sentBodies(api, `PUT ${RECORDS}/rec-1`)).toEqual([
      {
        description: "Passport scan",
        libraryDocType: "tax",
        locationDetails: "Safe",
        assignedModule: "personaldata",
        assignedType: "passport",
        documents: ["doc-1"],
      },
    ]);
    expect(sentBodies(api, "POST /api/documents")).toEqual([
      {
        id: "doc-1",
        module: "inventory",
        type: "documentlibrary",
        description: "Passport scan",
        lastName: "Lovelace",
        assignedModule: "personaldata",
        assignedType: "passport",
        assignedDocument: "rec-1",
      },
    ]);
  });
});
