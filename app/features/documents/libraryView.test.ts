import { describe, expect, it } from "vitest";
import type { DocumentItem } from "./api.ts";
import { ALL_DOCUMENTS, fileFormat, formatFileSize, viewLibrary } from "./libraryView.ts";

function doc(id: string, fields: Partial<DocumentItem>): DocumentItem {
  return {
    id,
    module: "inventory",
    type: "documentlibrary",
    fileName: null,
    lastName: null,
    description: null,
    assignedModule: null,
    assignedType: null,
    assignedCustomPosition: null,
    assignedDocument: null,
    date: 0,
    contentType: null,
    size: null,
    ...fields,
  };
}

const will = doc("w", {
  fileName: "Will.pdf",
  contentType: "application/pdf",
  size: 2_400_000,
  date: 3,
  assignedModule: "personaldata",
});
const deed = doc("d", {
  fileName: "deed scan.jpg",
  contentType: "image/jpeg",
  size: 800_000,
  date: 1,
  assignedModule: "assets",
});
const notes = doc("n", { fileName: "notes.txt", contentType: "text/plain", size: 1_200, date: 2 });
const ids = (list: DocumentItem[]) => list.map((item) => item.id);

describe("the library's view", () => {
  it("sorts by date (newest first), name and size (biggest first)", () => {
    expect(ids(viewLibrary([deed, will, notes], ALL_DOCUMENTS))).toEqual(["w", "n", "d"]);
    expect(ids(viewLibrary([will, notes, deed], { ...ALL_DOCUMENTS, sort: "name" }))).toEqual([
      "d",
      "n",
      "w",
    ]);
    expect(ids(viewLibrary([notes, deed, will], { ...ALL_DOCUMENTS, sort: "size" }))).toEqual([
      "w",
      "d",
      "n",
    ]);
  });

  it("filters by module and by type of file, and searches names whatever their case", () => {
    expect(ids(viewLibrary([will, deed, notes], { ...ALL_DOCUMENTS, module: "assets" }))).toEqual(["d"]);
    expect(ids(viewLibrary([will, deed, notes], { ...ALL_DOCUMENTS, kind: "pdf" }))).toEqual(["w"]);
    expect(ids(viewLibrary([will, deed, notes], { ...ALL_DOCUMENTS, search: " DEED " }))).toEqual(["d"]);
    expect(ids(viewLibrary([will, deed, notes], { ...ALL_DOCUMENTS, search: "deed", kind: "pdf" }))).toEqual(
      [],
    );
  });

  it("tells a file's kind from its type or its name", () => {
    expect(fileFormat({ contentType: null, fileName: "Scan.PNG" })).toBe("image");
    expect(fileFormat({ contentType: "application/zip", fileName: "a.zip" })).toBe("other");
    expect(fileFormat({ contentType: null, fileName: null })).toBe("none");
  });

  it("words sizes in each language", () => {
    expect(formatFileSize(2_400_000, "en")).toBe("2.4 MB");
    expect(formatFileSize(2_400_000, "fr").replace(/\s/gu, " ")).toBe("2,4 Mo");
    expect(formatFileSize(1_200, "en")).toBe("1 kB");
  });
});
