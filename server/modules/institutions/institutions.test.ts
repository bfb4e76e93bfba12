import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { call } from "../../testing/person-photos.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

const MISSING_ID = "4a9e8f7d-6c5b-4a3f-8e2d-1c0b9a8f7e6d";

describe.each(testDialects())("institutions API on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    ann = await createSignedInUser(test, { name: "Ann Example" });
    bob = await createSignedInUser(test, { name: "Bob Other", lang: "fr" });
  });
  afterAll(() => test.close());

  const create = (user: TestUser, body: object) => call(test, user, "POST", "/api/institutions/", body);

  it("creates an institution answering { id }, lists it and reads it normalised", async () => {
    const address = (await call(test, ann, "POST", "/api/address/", { name: "Bank branch" })).json().id;
    const response = await create(ann, {
      name: " Maple Bank ",
      website: "maplebank.ca",
      phones: [{ code: "CA", number: "1 800 555 0199", type: "work" }, { number: "" }],
      emails: ["help@maplebank.ca", ""],
      address,
    });
    expect(response.statusCode).toBe(200);
    const { id } = response.json();
    expect(Object.keys(response.json())).toEqual(["id"]);
    const expected = {
      id,
      name: "Maple Bank",
      website: "https://maplebank.ca",
      phones: [{ code: "CA", number: "+18005550199", type: "work" }],
      emails: ["help@maplebank.ca"],
      address,
    };
    // One company's read also says when it was saved last and by whom; the list has the fields only.
    expect((await call(test, ann, "GET", `/api/institutions/${id}`)).json()).toEqual({
      ...expected,
      updateTime: expect.any(Number),
      changedBy: { id: ann.id, name: ann.name },
    });
    expect((await call(test, ann, "GET", "/api/institutions/")).json()).toContainEqual(expected);
  });

  it("updates through PUT (answering the institution) or POST with the id (answering { id })", async () => {
    const { id } = (await create(ann, { name: "Old name" })).json();
    const put = await call(test, ann, "PUT", `/api/institutions/${id}`, {
      name: "New name",
      website: "http://example.org/path",
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      id,
      name: "New name",
      website: "http://example.org/path",
      address: null,
    });
    const post = await create(ann, { id, name: "Newer name" });
    expect(post.json()).toEqual({ id });
    expect((await call(test, ann, "GET", `/api/institutions/${id}`)).json()).toMatchObject({
      name: "Newer name",
      website: null,
    });
    expect((await create(ann, { id: MISSING_ID, name: "x" })).statusCode).toBe(404);
    expect((await call(test, ann, "PUT", `/api/institutions/${MISSING_ID}`, { name: "x" })).statusCode).toBe(
      404,
    );
  });

  it("checks the name, website, emails, phones and address, naming each field", async () => {
    const missing = await create(ann, { website: "" });
    expect(missing.json().error.fields).toEqual({ name: "Please enter Name" });
    expect((await create(bob, {})).json().error.fields).toEqual({ name: "Veuillez saisir le nom" });

    const bobsAddress = (await call(test, bob, "POST", "/api/address/", { name: "Bob's" })).json().id;
    const invalid = await create(ann, {
      name: "x".repeat(257),
      website: "javascript:alert(1)",
      emails: ["fine@example.com", "nope"],
      phones: [{ code: "CA", number: "555" }],
      address: bobsAddress,
    });
    expect(invalid.json().error.fields).toEqual({
      name: "Use at most 256 characters.",
      website: "Enter a valid web address.",
      "emails.1": "Enter a valid email address.",
      "phones.0.number": "Enter a valid phone number.",
    });
    const notMine = await create(ann, { name: "Bank", address: bobsAddress });
    expect(notMine.json().error.fields).toEqual({ address: "Choose one of your saved addresses." });
    for (const website of [
      "ftp://example.com",
      "https://",
      "not a site",
      `https://${"a".repeat(250)}.com`,
      "https://user:pw@example.com",
    ]) {
      expect((await create(ann, { name: "Site", website })).json().error?.fields, website).toEqual({
        website: expect.any(String),
      });
    }
    const six = await create(ann, {
      name: "Many",
      emails: ["a@x.co", "b@x.co", "c@x.co", "d@x.co", "e@x.co", "f@x.co"],
    });
    expect(six.json().error.fields).toEqual({ emails: "Add at most 5 entries." });
  });

  it("deletes with 204, clearing it from the persons who named it as their company", async () => {
    const { id } = (await create(ann, { name: "Law firm" })).json();
    const advisor = (
      await call(test, ann, "POST", "/api/pn/person", {
        group: "advisor",
        type: "lawyer",
        companyName: id,
        mainDetails: { firstName: "Lou" },
      })
    ).json();
    expect((await call(test, ann, "DELETE", `/api/institutions/${id}`)).statusCode).toBe(204);
    expect((await call(test, ann, "GET", `/api/institutions/${id}`)).statusCode).toBe(404);
    expect((await call(test, ann, "GET", `/api/pn/person/advisor/${advisor}`)).json().companyName).toBeNull();
  });

  it("answers 404 for another account's institution on every route", async () => {
    const { id } = (await create(ann, { name: "Private Bank" })).json();
    expect((await call(test, bob, "GET", `/api/institutions/${id}`)).statusCode).toBe(404);
    expect((await call(test, bob, "PUT", `/api/institutions/${id}`, { name: "Hacked" })).statusCode).toBe(
      404,
    );
    expect((await create(bob, { id, name: "Hacked" })).statusCode).toBe(404);
    expect((await call(test, bob, "DELETE", `/api/institutions/${id}`)).statusCode).toBe(404);
    expect((await call(test, bob, "GET", "/api/institutions/")).json()).not.toContainEqual(
      expect.objectContaining({ id }),
    );
    expect((await call(test, ann, "GET", `/api/institutions/${id}`)).json().name).toBe("Private Bank");
    for (const [method, url] of [
      ["GET", "/api/institutions/"],
      ["POST", "/api/institutions/"],
      ["GET", `/api/institutions/${id}`],
      ["PUT", `/api/institutions/${id}`],
      ["DELETE", `/api/institutions/${id}`],
    ] as const) {
      const body = method === "POST" || method === "PUT" ? { name: "x" } : undefined;
      expect((await call(test, null, method, url, body)).statusCode).toBe(401);
    }
  });
});
