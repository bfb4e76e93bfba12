import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvText, neutralised } from "./csv-file.ts";

describe("CSV files", () => {
  it("puts an apostrophe before a cell a spreadsheet would run: =, +, -, @, tab, CR", () => {
    for (const cell of ["=1+1", "+1", "-1", "@A1", "\tx", "\rx"]) expect(neutralised(cell)).toBe(`'${cell}`);
    for (const cell of ["a=1", "", "1-1", " =x"]) expect(neutralised(cell)).toBe(cell);
  });

  it("writes UTF-8 with a byte-order mark, CRLF rows and quoted cells that hold commas, quotes and line ends", async () => {
    const text = await csvText(["Nom", "Note"], [['Zoé, "Z"', "line 1\nline 2"]]);
    expect(text.startsWith("\uFEFFNom,Note\r\n")).toBe(true);
    expect(parse(text.slice(1))).toEqual([
      ["Nom", "Note"],
      ['Zoé, "Z"', "line 1\nline 2"],
    ]);
  });
});
