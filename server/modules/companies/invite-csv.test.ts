import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadLocaleStore } from "../../i18n/locale-store.ts";
import { columnNamed, describeProblem, readInviteCsv } from "./invite-csv.ts";

const file = (...lines: string[]) => Buffer.from(lines.join("\r\n"));

describe("reading an invite file", () => {
  it("knows the usual spellings of each column's name", () => {
    for (const spelling of ["email", "e-mail", "Email", "E-mail address", "EMAIL_ADDRESS"]) {
      expect(columnNamed(spelling), spelling).toBe("email");
    }
    for (const spelling of ["firstName", "first_name", "First name", "first-name"]) {
      expect(columnNamed(spelling), spelling).toBe("firstName");
    }
    for (const spelling of ["lastName", "last_name", "Last name", "Surname"]) {
      expect(columnNamed(spelling), spelling).toBe("lastName");
    }
    for (const spelling of ["language", "Language", "lang"]) {
      expect(columnNamed(spelling), spelling).toBe("language");
    }
    expect(columnNamed("name")).toBeUndefined();
  });

  it("reads columns under any of those spellings, in any order", async () => {
    const rows = await readInviteCsv(
      file("Last name,E-mail address,first_name,Language", "Tremblay,Robin@Example.com,Robin,fr"),
    );
    expect(rows).toEqual([
      {
        row: 2,
        email: "robin@example.com",
        invite: { email: "robin@example.com", firstName: "Robin", lastName: "Tremblay", language: "fr" },
      },
    ]);
  });

  it("numbers rows as a spreadsheet does: the header is row 1 and blank rows count", async () => {
    const rows = await readInviteCsv(
      file(
        "email,firstName,lastName",
        "a@example.com,A,One",
        "",
        "b@example.com,B,Two",
        ",,",
        "c@example.com,C,",
      ),
    );
    expect(rows.map((row) => [row.row, row.email])).toEqual([
      [2, "a@example.com"],
      [4, "b@example.com"],
      [6, "c@example.com"],
    ]);
    expect(rows[2]).toMatchObject({
      invite: null,
      problem: { field: "lastName", key: "errors:fields.required" },
    });
  });

  it("refuses a file whose header lacks a required column, whatever it is called", async () => {
    await expect(readInviteCsv(file("e-mail,First name", "a@example.com,A"))).rejects.toMatchObject({
      fields: { file: "errors:companies.csv_header" },
    });
  });

  it("words each reason in the reader's language, naming the column as the screen does", async () => {
    const locales = await loadLocaleStore(path.join(import.meta.dirname, "../../../public/locales"));
    const [bad, long] = await readInviteCsv(
      file("email,firstName,lastName", "nope,A,B", `x@example.com,${"A".repeat(300)},B`),
    );
    if (bad?.invite !== null && bad !== undefined) throw new Error("the first row should be refused");
    if (long?.invite !== null && long !== undefined) throw new Error("the second row should be refused");
    const say = (lng: "en" | "fr", problem = bad?.problem) =>
      problem === undefined
        ? ""
        : describeProblem(problem, (key, params) => locales.translate(lng, key, params));
    expect(say("en")).toBe("Email: Enter a valid email address.");
    expect(say("fr")).toMatch(/^Courriel : /);
    expect(say("fr")).not.toMatch(/errors:|email/);
    expect(say("en", long?.problem)).toMatch(/^First name: .*\d/);
  });
});
