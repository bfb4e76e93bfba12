import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sentBodies, stubApi, testAccount } from "../../test/stubApi.ts";
import { DocumentsField, DocumentsView } from "./DocumentsField.tsx";
import { documentItem, fakeFile, renderDocumentsUi, stubUploads } from "./testSupport.tsx";

const ACCOUNT = { "GET /api/account/account": { body: testAccount() } };
const PASSPORT = { module: "personaldata", type: "passport" };

function Harness({ initial, onChange }: { initial: string[]; onChange: (ids: string[]) => void }) {
  const [ids, setIds] = useState(initial);
  return (
    <DocumentsField
      value={ids}
      onChange={(next) => {
        setIds(next);
        onChange(next);
      }}
      module="personaldata"
      category="passport"
    />
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("DocumentsField", () => {
  it("attaches a file: a pending document filed under the record's category, its upload, then its id", async () => {
    const api = stubApi({
      ...ACCOUNT,
      "POST /api/documents": { body: "doc-9" },
      "GET /api/documents/personaldata/passport/doc-9": {
        body: documentItem({ ...PASSPORT, id: "doc-9", fileName: "scan.pdf" }),
      },
    });
    const uploads = stubUploads(() => ({ status: 200, body: documentItem({ ...PASSPORT, id: "doc-9" }) }));
    const onChange = vi.fn();
    const { container } = renderDocumentsUi(<Harness initial={[]} onChange={onChange} />);
    const group = screen.getByRole("group", { name: "Documents" });
    screen.getByText("No document attached.");
    // The guide's "i": what attached files are, with the size limit from the domain.
    await userEvent.click(within(group).getByRole("button", { name: "Help: Documents" }));
    await screen.findByText(/^Scans or photos of the papers behind this record, up to 5 MB each\./);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    fireEvent.change(input, { target: { files: [fakeFile("scan.pdf")] } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(["doc-9"]));
    expect(sentBodies(api, "POST /api/documents")[0]).toEqual({
      module: "personaldata",
      type: "passport",
      assignedModule: "personaldata",
      assignedType: "passport",
      pending: true,
    });
    expect(uploads).toEqual(["/api/documents/personaldata/passport/doc-9/upload"]);
    await screen.findByRole("link", { name: "Download scan.pdf" });
  });

  it("removes an attached document after the confirmation", async () => {
    const api = stubApi({
      ...ACCOUNT,
      "GET /api/documents/personaldata/passport/doc-1": { body: documentItem({ ...PASSPORT, id: "doc-1" }) },
      "DELETE /api/documents/personaldata/passport/doc-1": { status: 204 },
    });
    const onChange = vi.fn();
    renderDocumentsUi(<Harness initial={["doc-1"]} onChange={onChange} />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete passport.pdf" }));
    await screen.findByText("Are you sure you want to delete this record?");
    await userEvent.click(screen.getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([]));
    expect(api.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(true);
  });

  it("DocumentsView lists the files read-only", async () => {
    stubApi({
      ...ACCOUNT,
      "GET /api/documents/personaldata/passport/doc-1": { body: documentItem({ ...PASSPORT, id: "doc-1" }) },
    });
    renderDocumentsUi(<DocumentsView value={["doc-1"]} module="personaldata" category="passport" />);
    await screen.findByRole("link", { name: "Download passport.pdf" });
    expect(screen.queryByRole("button", { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Upload File" })).toBeNull();
  });
});
