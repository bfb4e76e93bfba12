import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MASK } from "../../../domain/secrets.ts";
import { SQLITE_FILE } from "../../db/database.ts";
import { stripeBilling } from "../../testing/billing.ts";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { call } from "../../testing/person-photos.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

const MISSING_ID = "6f1c2b7e-0d3a-4c59-9a7e-2f4b8c1d0e93";

describe.each(testDialects())("persons API on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    ann = await createSignedInUser(test, { name: "Ann Example" });
    bob = await createSignedInUser(test, { name: "Bob" });
  });
  afterAll(() => test.close());

  const as = (user: TestUser) => ({
    get: (url: string, headers?: Record<string, string>) => call(test, user, "GET", url, undefined, headers),
    post: (url: string, payload: unknown, headers?: Record<string, string>) =>
      call(test, user, "POST", url, payload, headers),
    delete: (url: string) => call(test, user, "DELETE", url),
  });

  async function createPerson(user: TestUser, body: object): Promise<string> {
    const response = await as(user).post("/api/pn/person", body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const child = (firstName: string, extra: object = {}) => ({
    group: "child",
    type: "daughter",
    mainDetails: { firstName },
    ...extra,
  });

  it("gives every account its own record at sign-up, named after the account", async () => {
    const rows = await test.database.db
      .selectFrom("person")
      .select(["person_group", "first_name", "last_name"])
      .where("owner_id", "=", ann.id)
      .execute();
    expect(rows).toEqual([{ person_group: "me", first_name: "Ann", last_name: "Example" }]);

    const response = await as(ann).get("/api/pn/person");
    expect(response.statusCode).toBe(200);
    const me = response.json();
    expect(me).toMatchObject({
      group: "me",
      type: null,
      mainDetails: { firstName: "Ann", lastName: "Example", socialNumber: null, imageSrc: null },
      contactDetails: { emails: [], phones: [] },
      iceDetails: { emergencyContacts: [] },
      relationDetails: null,
      currentPartner: null,
    });
    expect((await as(ann).get("/api/pn/person")).json().id).toBe(me.id);
    expect((await as(ann).get("/api/pn/person/me")).json()).toEqual([
      expect.objectContaining({ id: me.id, group: "me" }),
    ]);
  });

  it("creates the own record on first read for an account that has none", async () => {
    await test.database.db.deleteFrom("person").where("owner_id", "=", bob.id).execute();
    const me = (await as(bob).get("/api/pn/person")).json();
    expect(me.mainDetails.firstName).toBe("Bob");
    expect(me.mainDetails.lastName).toBeNull();
  });

  it("creates a person, answers its id as a JSON string, lists it and reads it back normalised", async () => {
    const response = await as(ann).post("/api/pn/person", {
      group: "child",
      type: "son",
      contactDetails: {
        emails: [" leo@example.com ", ""],
        phones: [
          { code: "ca", number: "(416) 555-0123", type: "home" },
          { code: "CA", number: "", type: "mobile" },
          { number: "+44 20 7946 0958", type: "work" },
        ],
      },
      importantDates: { death: null },
      mainDetails: {
        firstName: "  Leo ",
        lastName: "Example",
        birthday: Date.UTC(2015, 4, 17),
        birthcountry: "ca",
        gender: "male",
        prefferedName: "",
        nickname: "Lee",
      },
      notes: "Allergic to peanuts.",
      relationDetails: { dependent: true, origin: "adopted" },
      companyName: null,
      createTime: 5,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const id = response.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const list = await as(ann).get("/api/pn/person/child");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        id,
        createTime: expect.any(Number),
        group: "child",
        type: "son",
        mainDetails: {
          firstName: "Leo",
          lastName: "Example",
          birthday: Date.UTC(2015, 4, 17),
          imageSrc: null,
        },
        contactDetails: {
          emails: ["leo@example.com"],
          phones: [{ code: "CA", number: "+14165550123", type: "home" }],
        },
      },
    ]);

    const one = await as(ann).get(`/api/pn/person/child/${id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      id,
      createTime: expect.any(Number),
      updateTime: expect.any(Number),
      group: "child",
      type: "son",
      contactDetails: {
        emails: ["leo@example.com"],
        phones: [
          { code: "CA", number: "+14165550123", type: "home" },
          { code: "GB", number: "+442079460958", type: "work" },
        ],
      },
      homeAddress: null,
      mailingAddress: null,
      iceDetails: { emergencyContacts: [] },
      kinDetails: { emergencyContacts: [] },
      importantDates: { death: null, divorce: null, marriage: null, separation: null },
      mainDetails: {
        birthday: Date.UTC(2015, 4, 17),
        birthcountry: "CA",
        birthplace: null,
        citizenship: null,
        firstName: "Leo",
        gender: "male",
        lastName: "Example",
        maritalStatus: null,
        middleName: null,
        motherMaidenName: null,
        nickname: "Lee",
        imageSrc: null,
        prefferedName: null,
        socialNumber: null,
      },
      notes: "Allergic to peanuts.",
      relationDetails: { dependent: true, origin: "adopted", originOther: null },
      currentPartner: null,
      businessAddress: null,
      companyName: null,
      otherType: null,
      changedBy: { id: ann.id, name: ann.name },
    });
    expect((await as(ann).get(`/api/pn/person/partner/${id}`)).statusCode).toBe(404);
  });

  it("updates by id, replacing the record, and keeps the id", async () => {
    const id = await createPerson(ann, child("Mia", { notes: "first" }));
    const updated = await as(ann).post("/api/pn/person", {
      id,
      group: "child",
      type: "daughter",
      mainDetails: { firstName: "Mia", lastName: "Example" },
    });
    expect(updated.json()).toBe(id);
    const record = (await as(ann).get(`/api/pn/person/child/${id}`)).json();
    expect(record.mainDetails.lastName).toBe("Example");
    expect(record.notes).toBeNull();
    expect(record.updateTime).toBeGreaterThanOrEqual(record.createTime);
    expect((await as(ann).post("/api/pn/person", { ...child("X"), id: MISSING_ID })).statusCode).toBe(404);
  });

  describe("relationship group and type", () => {
    it("requires a group, and a type of that group except for me", async () => {
      const noGroup = await as(ann).post("/api/pn/person", { mainDetails: { firstName: "A" } });
      expect(noGroup.statusCode).toBe(400);
      expect(noGroup.json().error.fields).toEqual({ group: "Please enter Relationship Group" });

      const noType = await as(ann).post("/api/pn/person", {
        group: "advisor",
        mainDetails: { firstName: "A" },
      });
      expect(noType.json().error.fields).toEqual({ type: "Please enter Relationship Type" });
      const blankType = await as(ann).post("/api/pn/person", {
        group: "advisor",
        type: " ",
        mainDetails: { firstName: "A" },
      });
      expect(blankType.json().error.fields).toEqual({ type: "Please enter Relationship Type" });

      const otherGroupsType = await as(ann).post("/api/pn/person", {
        group: "partner",
        type: "son",
        mainDetails: { firstName: "A" },
      });
      expect(otherGroupsType.json().error.fields).toEqual({
        type: "Choose a relationship type of this group.",
      });

      const unknownGroup = await as(ann).post("/api/pn/person", {
        group: "cousin",
        type: "son",
        mainDetails: { firstName: "A" },
      });
      expect(unknownGroup.json().error.fields.group).toBe("Choose one of the offered options.");
    });

    it("says it in French to a French account", async () => {
      const claire = await createSignedInUser(test, { name: "Claire", lang: "fr" });
      const response = await as(claire).post("/api/pn/person", { mainDetails: {} });
      expect(response.json().error.fields).toEqual({
        group: "Veuillez saisir le groupe de relation",
        "mainDetails.firstName": "Veuillez saisir le prénom",
      });
    });

    it("refuses a type of the old group when the group changes, and keeps a valid new one", async () => {
      const id = await createPerson(ann, child("Zoe"));
      const stale = await as(ann).post("/api/pn/person", { ...child("Zoe"), id, group: "partner" });
      expect(stale.statusCode).toBe(400);
      expect(stale.json().error.fields).toEqual({ type: "Choose a relationship type of this group." });
      await createPerson(ann, { ...child("Zoe"), id, group: "partner", type: "spouse" });
      const record = (await as(ann).get(`/api/pn/person/partner/${id}`)).json();
      expect(record).toMatchObject({ group: "partner", type: "spouse", currentPartner: true });
      expect((await as(ann).get(`/api/pn/person/child/${id}`)).statusCode).toBe(404);
    });

    it("keeps only the fields of the person's group", async () => {
      const company = (await as(ann).post("/api/institutions/", { name: "Law & Co" })).json().id;
      const advisor = await createPerson(ann, {
        group: "advisor",
        type: "other",
        otherType: "Notary public",
        companyName: company,
        relationDetails: { dependent: true, origin: "adopted" },
        currentPartner: false,
        mainDetails: { firstName: "Sam" },
      });
      expect((await as(ann).get(`/api/pn/person/advisor/${advisor}`)).json()).toMatchObject({
        otherType: "Notary public",
        companyName: company,
        relationDetails: null,
        currentPartner: null,
      });
      await createPerson(ann, {
        id: advisor,
        group: "advisor",
        type: "lawyer",
        otherType: "x",
        companyName: company,
        mainDetails: { firstName: "Sam" },
      });
      expect((await as(ann).get(`/api/pn/person/advisor/${advisor}`)).json().otherType).toBeNull();

      const partner = await createPerson(ann, {
        group: "partner",
        type: "wife",
        currentPartner: false,
        companyName: company,
        relationDetails: { origin: "other", originOther: "Step" },
        mainDetails: { firstName: "Eve" },
      });
      expect((await as(ann).get(`/api/pn/person/partner/${partner}`)).json()).toMatchObject({
        currentPartner: false,
        companyName: null,
        relationDetails: { dependent: null, origin: "other", originOther: "Step" },
      });
    });
  });

  describe("the own record (me)", () => {
    it("cannot be deleted, change group, or exist twice", async () => {
      const me = (await as(ann).get("/api/pn/person")).json();
      const deleted = await as(ann).delete(`/api/pn/person/${me.id}`);
      expect(deleted.statusCode).toBe(403);
      expect(deleted.json().error.message).toBe("Your own record cannot be deleted.");

      const moved = await as(ann).post("/api/pn/person", {
        id: me.id,
        group: "child",
        type: "son",
        mainDetails: { firstName: "Ann" },
      });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().error.fields).toEqual({ group: "The group of your own record cannot change." });

      const second = await as(ann).post("/api/pn/person", { group: "me", mainDetails: { firstName: "Ann" } });
      expect(second.statusCode).toBe(400);
      expect(second.json().error.fields).toEqual({
        group: "You already have your own record in Personal Details.",
      });

      const other = await createPerson(ann, child("Kim"));
      const promoted = await as(ann).post("/api/pn/person", {
        id: other,
        group: "me",
        mainDetails: { firstName: "Kim" },
      });
      expect(promoted.json().error.fields).toEqual({
        group: "You already have your own record in Personal Details.",
      });

      // Saving me ignores a type and keeps it the one "me".
      expect(
        await createPerson(ann, {
          id: me.id,
          group: "me",
          type: "son",
          mainDetails: { firstName: "Ann", lastName: "E." },
        }),
      ).toBe(me.id);
      expect((await as(ann).get("/api/pn/person")).json()).toMatchObject({
        id: me.id,
        type: null,
        mainDetails: { lastName: "E." },
      });
    });
  });

  describe("limits", () => {
    it("names each field over its limit", async () => {
      const long = "x".repeat(257);
      const response = await as(ann).post("/api/pn/person", {
        group: "child",
        type: "son",
        mainDetails: {
          firstName: long,
          lastName: long,
          nickname: long,
          socialNumber: long,
          birthplace: "ok",
        },
        notes: "n".repeat(2049),
        otherType: long,
        contactDetails: { emails: [`${"e".repeat(250)}@example.com`] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({
        "mainDetails.firstName": "Use at most 256 characters.",
        "mainDetails.lastName": "Use at most 256 characters.",
        "mainDetails.nickname": "Use at most 256 characters.",
        "mainDetails.socialNumber": "Use at most 256 characters.",
        notes: "Use at most 2048 characters.",
        otherType: "Use at most 256 characters.",
        "contactDetails.emails.0": "Use at most 256 characters.",
      });
      const exact = await as(ann).post("/api/pn/person", {
        ...child("x".repeat(256)),
        notes: "n".repeat(2048),
      });
      expect(exact.statusCode).toBe(200);
    });

    it("takes at most 5 emails and 5 phones, and checks each", async () => {
      const phone = { code: "CA", number: "416 555 0123", type: "mobile" };
      const tooMany = await as(ann).post("/api/pn/person", {
        ...child("Al"),
        contactDetails: {
          emails: ["a@x.co", "b@x.co", "c@x.co", "d@x.co", "e@x.co", "f@x.co"],
          phones: Array.from({ length: 6 }, () => phone),
        },
      });
      expect(tooMany.json().error.fields).toEqual({
        "contactDetails.emails": "Add at most 5 entries.",
        "contactDetails.phones": "Add at most 5 entries.",
      });
      const invalid = await as(ann).post("/api/pn/person", {
        ...child("Al"),
        contactDetails: {
          emails: ["ok@example.com", "not an email"],
          phones: [
            { code: "CA", number: "12", type: "home" },
            { number: "416 555 0123" },
            { code: "XX", number: "416 555 0123" },
            { code: "CA", number: "416 555 0123", type: "fax" },
          ],
        },
      });
      expect(invalid.json().error.fields).toEqual({
        "contactDetails.emails.1": "Enter a valid email address.",
        "contactDetails.phones.0.number": "Enter a valid phone number.",
        "contactDetails.phones.1.code": "Choose the country code of this number.",
        "contactDetails.phones.2.code": "Choose one of the offered options.",
        "contactDetails.phones.3.type": "Choose one of the offered options.",
      });
      const five = await createPerson(ann, {
        ...child("Al"),
        contactDetails: {
          emails: ["a@x.co", "b@x.co", "c@x.co", "d@x.co", "e@x.co"],
          phones: [{ code: "GB", number: "020 7946 0958" }, phone],
        },
      });
      const saved = (await as(ann).get(`/api/pn/person/child/${five}`)).json().contactDetails;
      expect(saved.emails).toHaveLength(5);
      expect(saved.phones).toEqual([
        { code: "GB", number: "+442079460958", type: "mobile" },
        { code: "CA", number: "+14165550123", type: "mobile" },
      ]);
    });

    it("checks country codes, choices and dates", async () => {
      const response = await as(ann).post("/api/pn/person", {
        ...child("Al"),
        mainDetails: {
          firstName: "Al",
          birthcountry: "ZZ",
          citizenship: "Canada",
          gender: "robot",
          birthday: "yesterday",
        },
        relationDetails: { origin: "found", dependent: "yes" },
      });
      expect(response.json().error.fields).toEqual({
        "mainDetails.birthcountry": "Choose one of the offered options.",
        "mainDetails.citizenship": "Choose one of the offered options.",
        "mainDetails.gender": "Choose one of the offered options.",
        "mainDetails.birthday": "This value has the wrong type.",
        "relationDetails.origin": "Choose one of the offered options.",
        "relationDetails.dependent": "This value has the wrong type.",
      });
    });
  });

  describe("references", () => {
    it("accepts the owner's addresses, institutions and persons, and refuses anyone else's alike", async () => {
      const home = (await as(ann).post("/api/address/", { name: `Home ${Date.now()}` })).json().id;
      const bobsAddress = (await as(bob).post("/api/address/", { name: "Bob's" })).json().id;
      const bobsCompany = (await as(bob).post("/api/institutions/", { name: "Bob Inc" })).json().id;
      const bobsPerson = await createPerson(bob, child("Bobby"));
      const sister = await createPerson(ann, {
        group: "relative",
        type: "sister",
        mainDetails: { firstName: "Sue" },
      });

      const id = await createPerson(ann, {
        ...child("Ray"),
        homeAddress: home,
        mailingAddress: home,
        iceDetails: { emergencyContacts: [sister, sister] },
        kinDetails: { emergencyContacts: [sister] },
      });
      expect((await as(ann).get(`/api/pn/person/child/${id}`)).json()).toMatchObject({
        homeAddress: home,
        mailingAddress: home,
        iceDetails: { emergencyContacts: [sister] },
        kinDetails: { emergencyContacts: [sister] },
      });

      const refused = await as(ann).post("/api/pn/person", {
        id,
        group: "advisor",
        type: "lawyer",
        mainDetails: { firstName: "Ray" },
        homeAddress: bobsAddress,
        mailingAddress: MISSING_ID,
        businessAddress: bobsAddress,
        companyName: bobsCompany,
        iceDetails: { emergencyContacts: [sister, bobsPerson] },
        kinDetails: { emergencyContacts: [MISSING_ID] },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({
        homeAddress: "Choose one of your saved addresses.",
        mailingAddress: "Choose one of your saved addresses.",
        businessAddress: "Choose one of your saved addresses.",
        companyName: "Choose one of your companies.",
        "iceDetails.emergencyContacts": "Choose one of your contacts.",
        "kinDetails.emergencyContacts": "Choose one of your contacts.",
      });
      const self = await as(ann).post("/api/pn/person", {
        ...child("Ray"),
        id,
        iceDetails: { emergencyContacts: [id] },
      });
      expect(self.json().error.fields).toEqual({
        "iceDetails.emergencyContacts": "Choose someone other than this contact.",
      });
      const notAnId = await as(ann).post("/api/pn/person", { ...child("Ray"), homeAddress: "home" });
      expect(notAnId.json().error.fields).toEqual({ homeAddress: "This identifier is not valid." });

      // A deleted contact leaves the lists it was in.
      expect((await as(ann).delete(`/api/pn/person/${sister}`)).statusCode).toBe(204);
      expect((await as(ann).get(`/api/pn/person/child/${id}`)).json().iceDetails.emergencyContacts).toEqual(
        [],
      );
    });
  });

  describe("another account's persons", () => {
    it("answer 404 on every route and stay unchanged", async () => {
      const id = await createPerson(ann, child("Private", { notes: "mine" }));
      expect((await as(bob).get(`/api/pn/person/child/${id}`)).statusCode).toBe(404);
      const update = await as(bob).post("/api/pn/person", { ...child("Hacked"), id });
      expect(update.statusCode).toBe(404);
      expect(update.json().error.code).toBe("not_found");
      expect((await as(bob).delete(`/api/pn/person/${id}`)).statusCode).toBe(404);
      expect(
        (await as(bob).get("/api/pn/person/child")).json().map((p: { id: string }) => p.id),
      ).not.toContain(id);
      const annsMe = (await as(ann).get("/api/pn/person")).json().id;
      expect((await as(bob).get(`/api/pn/person/me/${annsMe}`)).statusCode).toBe(404);
      expect((await as(bob).delete(`/api/pn/person/${annsMe}`)).statusCode).toBe(404);
      expect((await as(bob).get("/api/pn/person")).json().id).not.toBe(annsMe);
      expect((await as(ann).get(`/api/pn/person/child/${id}`)).json()).toMatchObject({
        mainDetails: { firstName: "Private" },
        notes: "mine",
      });
      expect((await as(ann).delete(`/api/pn/person/${MISSING_ID}`)).statusCode).toBe(404);
      expect((await as(ann).get("/api/pn/person/child/not-an-id")).statusCode).toBe(404);
    });

    it("answer 401 without a session", async () => {
      for (const [method, url] of [
        ["GET", "/api/pn/person"],
        ["GET", "/api/pn/person/child"],
        ["GET", `/api/pn/person/child/${MISSING_ID}`],
        ["POST", "/api/pn/person"],
        ["DELETE", `/api/pn/person/${MISSING_ID}`],
      ] as const) {
        expect(
          (await call(test, null, method, url, method === "POST" ? child("A") : undefined)).statusCode,
        ).toBe(401);
      }
    });
  });

  it("deletes a person with 204", async () => {
    const id = await createPerson(ann, child("Gone"));
    const response = await as(ann).delete(`/api/pn/person/${id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect((await as(ann).get(`/api/pn/person/child/${id}`)).statusCode).toBe(404);
  });

  it("keeps the social number encrypted at rest, masked until revealed on the person only, each reveal logged", async () => {
    const secret = `SIN-${Date.now()}-987654321`;
    const id = await createPerson(ann, {
      ...child("Sec"),
      mainDetails: { firstName: "Sec", socialNumber: ` ${secret} ` },
    });
    const masked = await as(ann).get(`/api/pn/person/child/${id}`);
    expect(masked.json().mainDetails.socialNumber).toBe(MASK);
    expect(masked.headers["cache-control"]).toBe("no-store");
    const reveals = async () =>
      (await as(ann).get("/api/account/activity"))
        .json()
        .items.filter(
          (item: { kind: string; subjectId: string }) => item.kind === "reveal" && item.subjectId === id,
        );
    expect(await reveals()).toHaveLength(0);
    const revealed = await as(ann).get(`/api/pn/person/child/${id}?reveal=socialNumber`);
    expect(revealed.json().mainDetails.socialNumber).toBe(secret);
    expect(revealed.headers["cache-control"]).toBe("no-store");
    expect(await reveals()).toMatchObject([{ field: "socialNumber", subjectKind: "person" }]);
    // The mask sent back with the rest of the form keeps the stored number.
    await createPerson(ann, { ...child("Sec"), id, mainDetails: { firstName: "Sec", socialNumber: MASK } });
    expect(
      (await as(ann).get(`/api/pn/person/child/${id}?reveal=socialNumber`)).json().mainDetails.socialNumber,
    ).toBe(secret);
    const reveal = (path: string) => as(ann).get(`${path}?reveal=socialNumber`);
    const list = await as(ann).get("/api/pn/person/child");
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain("socialNumber");

    if (dialect === "sqlite") {
      // Everything SQLite holds: the database file and its write-ahead log.
      const file = path.join(test.database.dataDir, SQLITE_FILE);
      await sql`pragma wal_checkpoint(PASSIVE)`.execute(test.database.db);
      const bytes = Buffer.concat([readFileSync(file), readFileSync(`${file}-wal`)]);
      expect(bytes.includes(Buffer.from("Sec"))).toBe(true);
      expect(bytes.includes(Buffer.from(secret))).toBe(false);
    } else {
      const { rows } = await sql<{
        row: string;
      }>`select person::text as row from person where id = ${id}`.execute(test.database.db);
      expect(rows[0]?.row).toContain("Sec");
      expect(rows[0]?.row).not.toContain(secret);
    }

    // Left out of an update: kept. null or "": cleared.
    await createPerson(ann, { ...child("Sec"), id });
    expect((await reveal(`/api/pn/person/child/${id}`)).json().mainDetails.socialNumber).toBe(secret);
    await createPerson(ann, { ...child("Sec"), id, mainDetails: { firstName: "Sec", socialNumber: "" } });
    expect((await reveal(`/api/pn/person/child/${id}`)).json().mainDetails.socialNumber).toBeNull();
  });

  it("deletes an account's persons, addresses, institutions and data keys with it", async () => {
    const doomed = await createSignedInUser(test, { name: "Dee Doomed" });
    const address = (await as(doomed).post("/api/address/", { name: "Home" })).json().id;
    await as(doomed).post("/api/institutions/", { name: "Bank", address });
    await createPerson(doomed, {
      ...child("Kid"),
      homeAddress: address,
      mainDetails: { firstName: "Kid", socialNumber: "1" },
    });
    const response = await call(test, doomed, "DELETE", "/api/account", {
      password: doomed.password,
      confirmation: "DELETE",
    });
    expect(response.statusCode, response.body).toBe(204);
    for (const table of ["person", "address", "institution"] as const) {
      const rows = await test.database.db
        .selectFrom(table)
        .select("id")
        .where("owner_id", "=", doomed.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
    expect(
      await test.database.db
        .selectFrom("account_key")
        .select("user_id")
        .where("user_id", "=", doomed.id)
        .execute(),
    ).toEqual([]);
  });
});

describe.each(testDialects())("persons for an account without a subscription on %s", (dialect) => {
  let test: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect, { config: { billing: stripeBilling() } });
    user = await createSignedInUser(test, { name: "Nora None", lang: "fr" });
  });
  afterAll(() => test.close());

  it("reads and saves the personal network but cannot delete, in the account's language", async () => {
    const created = await call(test, user, "POST", "/api/pn/person", {
      group: "child",
      type: "son",
      mainDetails: { firstName: "Ned" },
    });
    expect(created.statusCode).toBe(200);
    expect((await call(test, user, "GET", "/api/pn/person/child")).json()).toHaveLength(1);
    const refused = await call(test, user, "DELETE", `/api/pn/person/${created.json()}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: "forbidden",
      message: "La suppression de fiches nécessite un abonnement.",
    });
    for (const url of ["/api/address/", "/api/institutions/"]) {
      const saved = await call(test, user, "POST", url, { name: "Mine" });
      expect(saved.statusCode).toBe(200);
      const deleted = await call(test, user, "DELETE", `${url}${saved.json().id}`);
      expect(deleted.statusCode, url).toBe(403);
    }
    expect((await call(test, user, "GET", "/api/pn/person/child")).json()).toHaveLength(1);
  });
});
