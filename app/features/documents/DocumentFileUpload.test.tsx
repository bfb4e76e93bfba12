import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubApi } from "../../test/stubApi.ts";
import type { DocumentItem } from "./api.ts";
import { DocumentFileUpload } from "./DocumentFileUpload.tsx";
import { documentItem, renderDocumentsUi } from "./testSupport.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("DocumentFileUpload", () => {
  it("removes the stored file through the API and calls back", async () => {
    const api = stubApi({
      "DELETE /api/documents/inventory/documentlibrary/doc-1/delete/passport.pdf/": { status: 204 },
    });
    const onChange = vi.fn();
    renderDocumentsUi(<DocumentFileUpload document={documentItem() as DocumentItem} onChange={onChange} />);
    await userEvent.click(screen.getByRole("button", { name: "Remove passport.pdf" }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(null));
    expect(api.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(true);
  });
});
