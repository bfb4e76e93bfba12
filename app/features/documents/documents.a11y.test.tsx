import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { axeViolations } from "../../test/axe.ts";
import { stubApi, testAccount } from "../../test/stubApi.ts";
import { subjectComments } from "../comments/api.ts";
import { CommentsPanel } from "../comments/CommentsPanel.tsx";
import { documentLibraryRoutes } from "./routes.ts";
import { documentItem, renderDocumentsRoutes, renderDocumentsUi } from "./testSupport.tsx";

const ACCOUNT = { "GET /api/account/account": { body: testAccount() } };

afterEach(() => vi.unstubAllGlobals());

describe("documents and comments, for assistive technologies", () => {
  it("the library list has no axe violation", async () => {
    stubApi({
      ...ACCOUNT,
      "GET /api/documents/inventory/type/documentlibrary": {
        body: [documentItem(), documentItem({ id: "doc-2", fileName: "a.png", contentType: "image/png" })],
      },
    });
    const { container } = renderDocumentsRoutes(
      [{ path: "dashboard", children: [documentLibraryRoutes] }],
      "/dashboard/inventory/documentlibrary",
    );
    await screen.findByRole("link", { name: "Download a.png" });
    expect(await axeViolations(container)).toEqual([]);
  }, 60_000);

  it("the edit page has no axe violation", async () => {
    stubApi({ ...ACCOUNT, "GET /api/documents/inventory/documentlibrary/doc-1": { body: documentItem() } });
    const { container } = renderDocumentsRoutes(
      [{ path: "dashboard", children: [documentLibraryRoutes] }],
      "/dashboard/inventory/documentlibrary/edit/doc-1",
    );
    await screen.findByRole("button", { name: "Upload File" });
    expect(await axeViolations(container)).toEqual([]);
  }, 60_000);

  it("the comments panel has no axe violation", async () => {
    stubApi({
      ...ACCOUNT,
      "GET /api/comments/record/r-1": {
        body: [
          {
            id: "c-1",
            notes: "Note",
            ownerId: testAccount().id,
            ownerFirstName: "Ada",
            ownerLastName: "Lovelace",
            createTime: 1,
            lastUpdateDate: null,
          },
        ],
      },
    });
    const { container } = renderDocumentsUi(<CommentsPanel source={subjectComments("record", "r-1")} />);
    await screen.findByRole("button", { name: "Edit comment by Ada Lovelace" });
    expect(await axeViolations(container)).toEqual([]);
  }, 60_000);
});
