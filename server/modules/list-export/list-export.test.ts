import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { call } from "../../testing/person-photos.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

const BOM = "\uFEFF";

/** The rows of a CSV answer, after checking it is one (UTF-8 with a BOM, a download). */
function rowsOf(response: {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}): string[][] {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.body.startsWith(BOM)).toBe(true);
  return parse(response.body.slice(1));
}

describe.each(testDialects())("lists as CSV on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    ann = await createSignedInUser(test, { name: "Ann Example" });
    bob = await createSignedInUser(test, { name: "Bob Other", lang: "fr" });
  });
  afterAll(() => test.close());

  it("exports a category with its list columns' labels, references by name, dates and countries in the reader's language, never a secret", async () => {
    const holder = (
      await call(test, ann, "POST", "/api/pn/person", {
        group: "child",
        type: "daughter",
        mainDetails: { firstName: "Léa", lastName: "Example" },
      })
    ).json() as string;
    const created = await call(test, ann, "POST", "/api/records/personaldata/passport", {
      holder,
      travelDocumentType: "passport",
      country: "CA",
      documentNumber: "GA123456",
      expiryDate: Date.UTC(2030, 2, 15),
    });
    expect(created.statusCode, created.body).toBe(200);

    const response = await call(test, ann, "GET", "/api/records/personaldata/passport/csv");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="kinfile-passport.csv"');
    expect(rowsOf(response)).toEqual([
      ["Holder", "Issuing country", "Expiry date"],
      ["Léa Example", "Canada", "15 Mar 2030"],
    ]);
    expect(response.body).not.toContain("GA123456");

    const french = await call(test, ann, "GET", "/api/records/personaldata/passport/csv", undefined, {
      "accept-language": "fr",
    });
    // The account's language is English: the account wins over the browser, as every answer does.
    expect(rowsOf(french)[0]).toEqual(["Holder", "Issuing country", "Expiry date"]);
  });

  it("writes headers and values in French for a French account", async () => {
    await call(test, bob, "POST", "/api/records/passwordvault/password", {
      accountNickname: "Banque",
      passwordCategory: "banking",
      username: "bob",
      password: "s3cret-value",
      afterDeathAction: "keep",
    });
    const rows = rowsOf(await call(test, bob, "GET", "/api/records/passwordvault/password/csv"));
    expect(rows[0]).toEqual(["Service ou site", "Catégorie", "Nom d'utilisateur", "Après mon décès"]);
    expect(rows[1]).toEqual(["Banque", "Banque et finances", "bob", "Garder actif"]);
  });

  it("neutralises spreadsheet formulas: a cell starting with =, +, - or @ gets an apostrophe", async () => {
    const values = ['=HYPERLINK("http://evil")', "+1+1", "-2", "@SUM(A1)"];
    for (const [index, value] of values.entries()) {
      const response = await call(test, ann, "POST", "/api/records/passwordvault/password", {
        accountNickname: `Account ${index}`,
        username: value,
        password: "x",
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const rows = rowsOf(await call(test, ann, "GET", "/api/records/passwordvault/password/csv"));
    expect(rows.slice(1).map((row) => row[2])).toEqual(values.map((value) => `'${value}`));
  });

  it("exports only the caller's records, and 404 for an unknown category or module", async () => {
    const annRows = rowsOf(await call(test, ann, "GET", "/api/records/passwordvault/password/csv"));
    expect(annRows.flat()).not.toContain("Banque");
    expect((await call(test, ann, "GET", "/api/records/personaldata/nosuchcategory/csv")).statusCode).toBe(
      404,
    );
    expect((await call(test, ann, "GET", "/api/records/nomodule/passport/csv")).statusCode).toBe(404);
    expect((await call(test, null, "GET", "/api/records/personaldata/passport/csv")).statusCode).toBe(401);
  });

  it("exports a person group, the addresses and the institutions with their lists' columns", async () => {
    await call(test, ann, "POST", "/api/pn/person", {
      group: "relative",
      type: "brother",
      contactDetails: { phones: [{ code: "CA", number: "416 555 0123" }] },
      mainDetails: { firstName: "-Tom", lastName: "Example", birthday: Date.UTC(1990, 0, 2) },
    });
    const relatives = rowsOf(await call(test, ann, "GET", "/api/pn/person/relative/csv"));
    expect(relatives).toEqual([
      ["Name", "Relationship", "Phone", "Birthday"],
      ["'-Tom Example", "Brother", "'+1 416 555 0123", "2 Jan 1990"],
    ]);
    expect(rowsOf(await call(test, bob, "GET", "/api/pn/person/relative/csv"))).toEqual([
      ["Nom", "Lien", "Téléphone", "Date de naissance"],
    ]);

    const address = await call(test, ann, "POST", "/api/address/", {
      name: "Home",
      city: "Montréal",
      country: "CA",
    });
    await call(test, ann, "POST", "/api/institutions/", {
      name: "Caisse",
      emails: ["a@caisse.example"],
      address: address.json().id,
    });
    const addresses = rowsOf(await call(test, ann, "GET", "/api/address/csv"));
    expect(addresses[1]).toEqual(["Home", "", "", "Montréal", "", "", "Canada"]);
    const institutions = rowsOf(await call(test, ann, "GET", "/api/institutions/csv"));
    expect(institutions[1]).toEqual(["Caisse", "", "", "a@caisse.example", "Home"]);
    expect(rowsOf(await call(test, bob, "GET", "/api/institutions/csv"))).toHaveLength(1);
  });
});
