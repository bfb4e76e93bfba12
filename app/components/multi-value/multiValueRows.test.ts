import { describe, expect, it } from "vitest";
import { addRow, atLeastOneRow, canAddAfter, removeRow } from "./multiValueRows.ts";

const isEmpty = (row: string) => row === "";
const empty = () => "";

describe("multi-value rows", () => {
  it("allow Add only after the last row, when it has a value and fewer than 5 rows exist", () => {
    expect(canAddAfter(["a", "b"], 1, isEmpty)).toBe(true);
    expect(canAddAfter(["a", "b"], 0, isEmpty)).toBe(false);
    expect(canAddAfter(["a", ""], 1, isEmpty)).toBe(false);
    expect(canAddAfter(["a", "b", "c", "d", "e"], 4, isEmpty)).toBe(false);
  });

  it("remove a row among several, clear the only one, and always keep one", () => {
    expect(removeRow(["a", "b", "c"], 1, empty)).toEqual(["a", "c"]);
    expect(removeRow(["a"], 0, empty)).toEqual([""]);
    expect(addRow(["a"], empty)).toEqual(["a", ""]);
    expect(atLeastOneRow([], empty)).toEqual([""]);
    expect(atLeastOneRow(null, empty)).toEqual([""]);
    expect(atLeastOneRow(["x"], empty)).toEqual(["x"]);
  });
});
