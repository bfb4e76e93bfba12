import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { call } from "../../testing/person-photos.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";
import { personVcard, uploadVcard } from "../../testing/vcard-upload.ts";

describe.each(testDialects())("institutions as vCards on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    ann = await createSignedInUser(test, { name: "Ann Example" });
    bob = await createSignedInUser(test, { name: "Bob Other" });
  });
  afterAll(() => test.close());

  const institutionsOf = async (user: TestUser) =>
    (await call(test, user, "GET", "/api/institutions/")).json() as {
      id: string;
      name: string;
      address: string | null;
    }[];

  it("exports an institution as KIND:org with its name, website, phones, emails and address", async () => {
    const address = await call(test, ann, "POST", "/api/address/", {
      name: "Branch",
      city: "Paris",
      country: "FR",
    });
    await call(test, ann, "POST", "/api/institutions/", {
      name: "Banque, du Nord",
      website: "bank.example",
      phones: [{ code: "FR", number: "01 23 45 67 89", type: "work" }],
      emails: ["help@bank.example"],
      address: address.json().id,
    });
    const response = await call(test, ann, "GET", "/api/institutions/vcard");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe('attachment; filename="kinfile-institutions.vcf"');
    expect(response.body).toContain("KIND:org");
    expect(response.body).toContain("FN:Banque\\, du Nord");
    expect(response.body).toContain("ORG:Banque\\, du Nord");
    expect(response.body).toContain("URL:https://bank.example");
    expect(response.body).toContain('TEL;VALUE=uri;TYPE="work,voice":tel:+33123456789');
    expect(response.body).toContain("EMAIL:help@bank.example");
    expect(response.body).toContain('ADR;TYPE="work":;;;Paris;;;France');
  });

  it("round-trips into another account, then offers the same card again as a duplicate and merges it", async () => {
    const exported = (await call(test, ann, "GET", "/api/institutions/vcard")).body;
    const first = await uploadVcard(test, bob, "/api/institutions/vcard", exported);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      created: [{ id: expect.any(String), name: "Banque, du Nord" }],
      duplicates: [],
    });
    expect(await institutionsOf(bob)).toMatchObject([
      {
        name: "Banque, du Nord",
        website: "https://bank.example",
        phones: [{ code: "FR", number: "+33123456789", type: "work" }],
        emails: ["help@bank.example"],
        address: expect.any(String),
      },
    ]);
    // Its address came too, into Bob's address book, named after it.
    const [bank] = await institutionsOf(bob);
    const book = (await call(test, bob, "GET", "/api/address/")).json();
    expect(book.find((address: { id: string }) => address.id === bank?.address)).toMatchObject({
      name: "Banque, du Nord",
      city: "Paris",
      country: "FR",
    });

    const again = personVcard([
      "KIND:org",
      "FN:Banque du Nord",
      "ORG:BANQUE DU NORD",
      "EMAIL:desk@bank.example",
    ]);
    const second = await uploadVcard(test, bob, "/api/institutions/vcard", again);
    expect(second.statusCode, second.body).toBe(200);
    const { created, duplicates } = second.json();
    expect(created).toEqual([]);
    expect(duplicates).toHaveLength(1);
    expect((await institutionsOf(bob)).length).toBe(1);

    const target = duplicates[0].candidates[0].id;
    const decided = await call(test, bob, "POST", "/api/institutions/vcard/decisions", {
      decisions: [{ card: duplicates[0].card, action: "merge", targetId: target }],
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await institutionsOf(bob)).toMatchObject([
      { name: "Banque, du Nord", emails: ["help@bank.example", "desk@bank.example"] },
    ]);
  });

  it("never exports or merges into another account's institution", async () => {
    const [annBank] = await institutionsOf(ann);
    expect((await call(test, bob, "GET", `/api/institutions/vcard?id=${annBank?.id}`)).statusCode).toBe(404);
    const merge = await call(test, bob, "POST", "/api/institutions/vcard/decisions", {
      decisions: [{ card: { name: "X" }, action: "merge", targetId: annBank?.id }],
    });
    expect(merge.statusCode).toBe(404);
    expect((await institutionsOf(ann))[0]?.name).toBe("Banque, du Nord");
  });

  it("refuses a file with one bad card (a website that is not one), importing none of it", async () => {
    const before = (await institutionsOf(ann)).length;
    const file =
      personVcard(["KIND:org", "FN:Fine Bank", "ORG:Fine Bank"]) +
      personVcard(["KIND:org", "FN:Shop", "URL:ftp://bad"]);
    const response = await uploadVcard(test, ann, "/api/institutions/vcard", file);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("Some cards cannot be imported. Nothing was imported.");
    expect(Object.keys(response.json().error.fields)).toEqual(["cards.2.website"]);
    expect((await institutionsOf(ann)).length).toBe(before);
  });
});
