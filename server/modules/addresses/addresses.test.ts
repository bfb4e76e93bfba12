import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { call } from "../../testing/person-photos.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

const MISSING_ID = "0b7c3d1e-5f2a-4e8b-9c6d-7a1f2e3b4c5d";

describe.each(testDialects())("addresses API on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    ann = await createSignedInUser(test, { name: "Ann Example" });
    bob = await createSignedInUser(test, { name: "Bob Other" });
  });
  afterAll(() => test.close());

  const save = (user: TestUser, body: object) => call(test, user, "POST", "/api/address/", body);
  const list = async (user: TestUser) => (await call(test, user, "GET", "/api/address/")).json();

  it("saves an address, answers it with empty text as null, and lists it", async () => {
    const response = await save(ann, {
      name: " Cottage ",
      addressLine1: "12 Lake Road",
      addressLine2: "",
      city: "Magog",
      country: "ca",
      province: "quebec",
      zip: " J1X 1A1 ",
      state: null,
    });
    expect(response.statusCode).toBe(200);
    const address = response.json();
    expect(address).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Cottage",
      addressLine1: "12 Lake Road",
      addressLine2: null,
      mainIntersection: null,
      city: "Magog",
      state: null,
      province: "Quebec",
      county: null,
      country: "CA",
      zip: "J1X 1A1",
      version: 1,
      updateTime: expect.any(Number),
      changedBy: { id: ann.id, name: ann.name },
    });
    expect(await list(ann)).toContainEqual(address);
    expect(await list(bob)).not.toContainEqual(address);
  });

  it("updates by id and answers the saved address", async () => {
    const { id } = (await save(ann, { name: "Office", country: "US", state: "Vermont" })).json();
    const updated = await save(ann, {
      id,
      name: "Office",
      country: "GB",
      county: "Kent",
      city: "Canterbury",
    });
    expect(updated.json()).toMatchObject({
      id,
      country: "GB",
      county: "Kent",
      state: null,
      city: "Canterbury",
    });
    expect((await list(ann)).filter((address: { id: string }) => address.id === id)).toHaveLength(1);
    expect((await save(ann, { id: MISSING_ID, name: "Nowhere" })).statusCode).toBe(404);
  });

  it("keeps nicknames unique per account, whatever their case", async () => {
    const first = (await save(ann, { name: "Home" })).json();
    const duplicate = await save(ann, { name: "  hOME " });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toMatchObject({
      code: "conflict",
      fields: { name: "Please enter unique address nickname" },
    });
    // Renaming another address to it is refused too; saving the same address under its own name is not.
    const other = (await save(ann, { name: "Parents" })).json();
    expect((await save(ann, { ...other, name: "home" })).statusCode).toBe(409);
    expect((await save(ann, { ...first, city: "Ottawa" })).statusCode).toBe(200);
    expect((await save(ann, { ...first, name: "HOME" })).json().name).toBe("HOME");
    // Another account may use the same nickname.
    expect((await save(bob, { name: "Home" })).statusCode).toBe(200);

    const missing = await save(ann, { name: "   " });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ name: "Please enter unique address nickname" });
  });

  it("limits every field to 256 characters and checks country, province and county", async () => {
    const long = "x".repeat(257);
    const tooLong = await save(ann, {
      name: long,
      addressLine1: long,
      city: long,
      zip: long,
      mainIntersection: long,
    });
    expect(tooLong.json().error.fields).toEqual({
      name: "Use at most 256 characters.",
      addressLine1: "Use at most 256 characters.",
      city: "Use at most 256 characters.",
      zip: "Use at most 256 characters.",
      mainIntersection: "Use at most 256 characters.",
    });
    expect((await save(ann, { name: "Nowhere", country: "ZZ" })).json().error.fields).toEqual({
      country: "Choose one of the offered options.",
    });
    expect(
      (await save(ann, { name: "Atlantis", country: "CA", province: "Atlantis" })).json().error.fields,
    ).toEqual({
      province: "Choose one of the offered options.",
    });
    expect(
      (await save(ann, { name: "Shire", country: "GB", county: "The Shire" })).json().error.fields,
    ).toEqual({
      county: "Choose one of the offered options.",
    });
    const freeText = await save(ann, {
      name: "Paris flat",
      country: "FR",
      province: "Île-de-France",
      state: "Paris",
    });
    expect(freeText.json()).toMatchObject({ province: "Île-de-France", state: "Paris" });
  });

  it("tells where an address is used before deleting it, and clears those references once confirmed", async () => {
    const address = (await save(ann, { name: "Family home" })).json();
    const person = (
      await call(test, ann, "POST", "/api/pn/person", {
        group: "partner",
        type: "wife",
        homeAddress: address.id,
        mailingAddress: address.id,
        mainDetails: { firstName: "Eve", lastName: "Example" },
      })
    ).json();
    const company = (
      await call(test, ann, "POST", "/api/institutions/", { name: "Home Office Ltd", address: address.id })
    ).json();

    const refused = await call(test, ann, "DELETE", `/api/address/${address.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: {
        code: "address_in_use",
        message: "This address is still used. Confirm to remove it from those records and delete it.",
        usages: [
          { kind: "person", id: person, name: "Eve Example" },
          { kind: "institution", id: company.id, name: "Home Office Ltd" },
        ],
      },
    });
    expect(await list(ann)).toContainEqual(address);

    const confirmed = await call(test, ann, "DELETE", `/api/address/${address.id}?confirm=true`);
    expect(confirmed.statusCode).toBe(204);
    expect(await list(ann)).not.toContainEqual(address);
    expect((await call(test, ann, "GET", `/api/pn/person/partner/${person}`)).json()).toMatchObject({
      homeAddress: null,
      mailingAddress: null,
    });
    expect((await call(test, ann, "GET", `/api/institutions/${company.id}`)).json().address).toBeNull();

    const unused = (await save(ann, { name: "Unused" })).json();
    expect((await call(test, ann, "DELETE", `/api/address/${unused.id}`)).statusCode).toBe(204);
  });

  it("answers 404 for another account's address on every route", async () => {
    const address = (await save(ann, { name: "Secret place", city: "Montreal" })).json();
    const update = await save(bob, { ...address, city: "Hacked" });
    expect(update.statusCode).toBe(404);
    expect((await call(test, bob, "DELETE", `/api/address/${address.id}`)).statusCode).toBe(404);
    expect((await call(test, bob, "DELETE", `/api/address/${address.id}?confirm=true`)).statusCode).toBe(404);
    expect((await list(ann)).find((row: { id: string }) => row.id === address.id)).toEqual(address);
    expect((await call(test, ann, "DELETE", `/api/address/${MISSING_ID}`)).statusCode).toBe(404);
    for (const [method, url] of [
      ["GET", "/api/address/"],
      ["POST", "/api/address/"],
      ["DELETE", `/api/address/${address.id}`],
    ] as const) {
      expect(
        (await call(test, null, method, url, method === "POST" ? { name: "x" } : undefined)).statusCode,
      ).toBe(401);
    }
  });
});
