import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { DocumentItem } from "./api.ts";
import { DocumentBlock } from "./DocumentBlock.tsx";
import { documentItem, renderDocumentsUi } from "./testSupport.tsx";

describe("DocumentBlock", () => {
  it("shows the document's facts with translated module and type, Download and, for a PDF, View", () => {
    renderDocumentsUi(<DocumentBlock document={documentItem() as DocumentItem} />);
    screen.getByText("Lovelace");
    screen.getByText("Passport scan");
    screen.getByText("Personal Data");
    screen.getByText("5 Jan 2026");
    const download = screen.getByRole("link", { name: "Download passport.pdf" });
    expect(download.getAttribute("href")).toBe(
      "/api/documents/inventory/documentlibrary/doc-1/download/passport.pdf/",
    );
    const view = screen.getByRole("link", { name: /^View passport.pdf/ });
    expect(view.getAttribute("href")).toBe(
      "/api/documents/inventory/documentlibrary/doc-1/download/passport.pdf/?inline=1",
    );
    expect(view.getAttribute("target")).toBe("_blank");
  });

  it("offers no View for a file that is not a PDF", () => {
    renderDocumentsUi(
      <DocumentBlock
        document={documentItem({ fileName: "scan.png", contentType: "image/png" }) as DocumentItem}
      />,
    );
    screen.getByRole("link", { name: "Download scan.png" });
    expect(screen.queryByRole("link", { name: /^View/ })).toBeNull();
  });

  it("disables Delete, saying why, without a subscription", () => {
    renderDocumentsUi(
      <DocumentBlock document={documentItem() as DocumentItem} onDelete={() => {}} canDelete={false} />,
    );
    const button = screen.getByRole("button", { name: "Delete passport.pdf" });
    expect(button.hasAttribute("disabled")).toBe(true);
    screen.getByText("Deleting needs an active subscription.");
  });
});
