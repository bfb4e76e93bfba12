import { describe, expect, it } from "vitest";
import { isListPath, listPathOf, pathAfterSave, viewPath } from "./recordPaths.ts";

const LIST = "/dashboard/personal-network/child";

describe("record paths (spec: lists and navigation)", () => {
  it("opens a row at the current path plus /view/{id}", () => {
    expect(viewPath(LIST, "42")).toBe(`${LIST}/view/42`);
    expect(viewPath(`${LIST}/`, "42")).toBe(`${LIST}/view/42`);
  });

  it("goes from an add path to the view of the new record", () => {
    expect(pathAfterSave(`${LIST}/add`, "new-id")).toBe(`${LIST}/view/new-id`);
  });

  it("goes from an edit path to the view path", () => {
    expect(pathAfterSave(`${LIST}/edit/42`, "42")).toBe(`${LIST}/view/42`);
  });

  it("goes nowhere from other paths", () => {
    expect(pathAfterSave(LIST, "42")).toBeNull();
    expect(pathAfterSave(`${LIST}/view/42`, "42")).toBeNull();
  });

  it("tells list paths from record paths", () => {
    expect(isListPath(LIST)).toBe(true);
    expect(isListPath("/dashboard/personal-network")).toBe(true);
    for (const path of [`${LIST}/add`, `${LIST}/view/1`, `${LIST}/edit/1`]) {
      expect(isListPath(path)).toBe(false);
      expect(listPathOf(path)).toBe(LIST);
    }
  });
});
