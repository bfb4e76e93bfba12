import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VCARD_LIMITS } from "../../../domain/schemas/vcard.ts";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { call } from "../../testing/person-photos.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";
import { personVcard, uploadVcard } from "../../testing/vcard-upload.ts";

describe.each(testDialects())("persons as vCards on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    ann = await createSignedInUser(test, { name: "Ann Example" });
    bob = await createSignedInUser(test, { name: "Bob Other", lang: "fr" });
  });
  afterAll(() => test.close());

  const countPersons = async (user: TestUser) =>
    (await test.database.db.selectFrom("person").select("id").where("owner_id", "=", user.id).execute())
      .length;

  it("exports a person's names, birthday, emails, typed phones, home address and notes, never the social number", async () => {
    const address = await call(test, ann, "POST", "/api/address/", {
      name: "Home",
      addressLine1: "1 Main Street",
      city: "Toronto",
      province: "Ontario",
      country: "CA",
      zip: "M5V 1A1",
    });
    const id = (
      await call(test, ann, "POST", "/api/pn/person", {
        group: "networkperson",
        type: "dentist",
        homeAddress: address.json().id,
        contactDetails: {
          emails: ["zoe@example.com"],
          phones: [{ code: "CA", number: "416 555 0123", type: "workMobile" }],
        },
        mainDetails: {
          firstName: "Zoé",
          lastName: "O'Brien",
          nickname: "Zo",
          birthday: Date.UTC(1980, 2, 15),
          socialNumber: "046 454 286",
        },
        notes: "Tuesdays, 9 a.m.; bring the card",
      })
    ).json() as string;

    const one = await call(test, ann, "GET", `/api/pn/person/vcard?id=${id}`);
    expect(one.statusCode).toBe(200);
    expect(one.headers["content-type"]).toContain("text/vcard");
    expect(one.headers["content-disposition"]).toBe('attachment; filename="kinfile-persons.vcf"');
    const card = one.body;
    expect(card).toContain("FN:Zoé O'Brien");
    expect(card).toContain("N:O'Brien;Zoé;;;");
    expect(card).toContain("NICKNAME:Zo");
    expect(card).toContain("BDAY:19800315");
    expect(card).toContain("EMAIL:zoe@example.com");
    expect(card).toContain('TEL;VALUE=uri;TYPE="work,cell":tel:+14165550123');
    expect(card).toContain('ADR;TYPE="home":;;1 Main Street;Toronto;Ontario;M5V 1A1;Canada');
    expect(card).toContain("NOTE:Tuesdays\\, 9 a.m.\\; bring the card");
    expect(card).not.toContain("046");

    const all = await call(test, ann, "GET", "/api/pn/person/vcard");
    expect(all.body.match(/BEGIN:VCARD/g)).toHaveLength(2); // "me" and Zoé
    const group = await call(test, ann, "GET", "/api/pn/person/vcard?group=networkperson");
    expect(group.body.match(/BEGIN:VCARD/g)).toHaveLength(1);
    expect(group.body).toContain("FN:Zoé O'Brien");
  });

  it("never exports another account's person: 404, and their list holds only their own", async () => {
    const zoe = (await call(test, ann, "GET", "/api/pn/person/networkperson")).json()[0].id as string;
    expect((await call(test, bob, "GET", `/api/pn/person/vcard?id=${zoe}`)).statusCode).toBe(404);
    const bobs = (await call(test, bob, "GET", "/api/pn/person/vcard")).body;
    expect(bobs).toContain("FN:Bob Other");
    expect(bobs).not.toContain("Zoé");
    expect((await call(test, null, "GET", "/api/pn/person/vcard")).statusCode).toBe(401);
  });

  it("round-trips: the export imported into another account creates the same persons", async () => {
    const exported = (await call(test, ann, "GET", "/api/pn/person/vcard")).body;
    const before = await countPersons(bob);
    const response = await uploadVcard(test, bob, "/api/pn/person/vcard", exported);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.created.map((person: { name: string }) => person.name).sort()).toEqual([
      "Ann Example",
      "Zoé O'Brien",
    ]);
    expect(result.duplicates).toEqual([]);
    expect(await countPersons(bob)).toBe(before + 2);
    const list = (await call(test, bob, "GET", "/api/pn/person/networkperson")).json();
    const zoe = list.find(
      (person: { mainDetails: { firstName: string } }) => person.mainDetails.firstName === "Zoé",
    );
    const full = (await call(test, bob, "GET", `/api/pn/person/networkperson/${zoe.id}`)).json();
    expect(full).toMatchObject({
      group: "networkperson",
      // The card's own relationship, which the import's group has: kept over the default "other".
      type: "dentist",
      contactDetails: {
        emails: ["zoe@example.com"],
        phones: [{ code: "CA", number: "+14165550123", type: "workMobile" }],
      },
      mainDetails: {
        firstName: "Zoé",
        lastName: "O'Brien",
        nickname: "Zo",
        birthday: Date.UTC(1980, 2, 15),
        socialNumber: null,
      },
      notes: "Tuesdays, 9 a.m.; bring the card",
    });
    // The home address came too, into Bob's address book, named after its person.
    const book = (await call(test, bob, "GET", "/api/address/")).json();
    expect(book.find((address: { id: string }) => address.id === full.homeAddress)).toMatchObject({
      name: "Zoé O'Brien",
      addressLine1: "1 Main Street",
      city: "Toronto",
      province: "Ontario",
      country: "CA",
      zip: "M5V 1A1",
    });
    // Searched at once: the address is indexed in the import's transaction, as a save's is.
    const found = (await call(test, bob, "GET", "/api/search?q=Toronto")).json();
    expect(found.results).toContainEqual(expect.objectContaining({ kind: "address", id: full.homeAddress }));
  });

  it("keeps an advisor's relationship through a round trip, where the import's group has it", async () => {
    const erin = await createSignedInUser(test, { name: "Erin Owner" });
    const lawyer = (
      await call(test, erin, "POST", "/api/pn/person", {
        group: "advisor",
        type: "lawyer",
        contactDetails: { emails: ["counsel@example.com"], phones: [] },
        mainDetails: { firstName: "Rhea", lastName: "Counsel" },
      })
    ).json() as string;
    const exported = (await call(test, erin, "GET", `/api/pn/person/vcard?id=${lawyer}`)).body;
    expect(exported).toContain("X-KINFILE-RELATIONSHIP:lawyer");

    const carol = await createSignedInUser(test, { name: "Carol Third" });
    const asAdvisor = await uploadVcard(test, carol, "/api/pn/person/vcard?group=advisor", exported);
    expect(asAdvisor.statusCode, asAdvisor.body).toBe(200);
    const advisors = (await call(test, carol, "GET", "/api/pn/person/advisor")).json();
    expect(advisors).toContainEqual(
      expect.objectContaining({
        type: "lawyer",
        mainDetails: expect.objectContaining({ firstName: "Rhea" }),
      }),
    );

    // A group without that type files the card under the import's own type.
    const dave = await createSignedInUser(test, { name: "Dave Fourth" });
    const asRelative = await uploadVcard(
      test,
      dave,
      "/api/pn/person/vcard?group=relative&type=other",
      exported,
    );
    expect(asRelative.statusCode, asRelative.body).toBe(200);
    const relatives = (await call(test, dave, "GET", "/api/pn/person/relative")).json();
    expect(relatives).toContainEqual(
      expect.objectContaining({ type: "other", mainDetails: expect.objectContaining({ firstName: "Rhea" }) }),
    );
  });

  it("offers likely duplicates (same name, email or phone) instead of creating copies, then merges by choice", async () => {
    const before = await countPersons(bob);
    const file = [
      personVcard([
        "FN:zoe  obrien",
        "N:OBrien;zoe;;;",
        "TITLE:x",
        "EMAIL:zoe.new@example.com",
        "NOTE:From the card",
        "ADR;TYPE=home:;;9 Other Street;Ottawa;ON;K1A 0A1;Canada",
      ]),
      personVcard(["FN:Someone Else", "N:Else;Someone;;;", "TEL;VALUE=uri:tel:+14165550123"]),
      personVcard(["FN:Brand New", "N:New;Brand;;;", "BDAY:--0315"]),
    ].join("");
    const response = await uploadVcard(test, bob, "/api/pn/person/vcard?group=relative&type=brother", file);
    expect(response.statusCode, response.body).toBe(200);
    const { created, duplicates } = response.json();
    expect(created).toEqual([{ id: expect.any(String), name: "Brand New" }]);
    expect(await countPersons(bob)).toBe(before + 1);
    expect(duplicates).toHaveLength(2);
    const [byName, byPhone] = duplicates;
    expect(byName.name).toBe("zoe OBrien");
    expect(byName.candidates).toEqual([
      {
        id: expect.any(String),
        name: "Zoé O'Brien",
        card: expect.objectContaining({ firstName: "Zoé", emails: ["zoe@example.com"] }),
      },
    ]);
    expect(byPhone.candidates[0].name).toBe("Zoé O'Brien");

    const target = byName.candidates[0].id as string;
    const decided = await call(test, bob, "POST", "/api/pn/person/vcard/decisions", {
      group: "relative",
      type: "brother",
      decisions: [
        { card: byName.card, action: "merge", targetId: target },
        { card: byPhone.card, action: "skip" },
      ],
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toEqual({ created: [], merged: [{ id: target, name: "Zoé O'Brien" }] });
    const merged = (await call(test, bob, "GET", `/api/pn/person/networkperson/${target}`)).json();
    // Empty fields filled, what was typed kept, the new email added.
    expect(merged.mainDetails.firstName).toBe("Zoé");
    expect(merged.notes).toBe("Tuesdays, 9 a.m.; bring the card");
    expect(merged.contactDetails.emails).toEqual(["zoe@example.com", "zoe.new@example.com"]);
    const homeBefore = merged.homeAddress;

    const overwritten = await call(test, bob, "POST", "/api/pn/person/vcard/decisions", {
      decisions: [
        { card: byName.card, action: "merge", targetId: target, overwrite: true },
        { card: byPhone.card, action: "create" },
      ],
    });
    expect(overwritten.statusCode, overwritten.body).toBe(200);
    expect(overwritten.json().created).toEqual([{ id: expect.any(String), name: "Someone Else" }]);
    const replaced = (await call(test, bob, "GET", `/api/pn/person/networkperson/${target}`)).json();
    expect(replaced.mainDetails.firstName).toBe("zoe");
    expect(replaced.notes).toBe("From the card");
    // Replacing: the card's home address is saved (Ontario written "ON") and becomes the person's.
    expect(homeBefore).not.toBeNull();
    expect(replaced.homeAddress).not.toBe(homeBefore);
    const book = (await call(test, bob, "GET", "/api/address/")).json();
    expect(book.find((address: { id: string }) => address.id === replaced.homeAddress)).toMatchObject({
      name: "zoe OBrien",
      city: "Ottawa",
      province: "Ontario",
      country: "CA",
    });
  });

  it("merges only into the caller's own persons", async () => {
    const zoe = (await call(test, ann, "GET", "/api/pn/person/networkperson")).json()[0].id as string;
    const response = await call(test, bob, "POST", "/api/pn/person/vcard/decisions", {
      decisions: [{ card: { firstName: "X" }, action: "merge", targetId: zoe }],
    });
    expect(response.statusCode).toBe(404);
  });

  it("reads a vCard 3.0 file as address books write it: LF line ends, folded lines, an inline photo (left out)", async () => {
    const file = [
      "BEGIN:VCARD",
      "VERSION:3.0",
      "N:Smith;John;;;",
      "FN:John Smith",
      "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQ",
      " AAAQABAAD",
      "TEL;TYPE=CELL:+1 416 555 0199",
      "item1.EMAIL;TYPE=INTERNET:john@example.com",
      "item1.X-ABLabel:_$!<Other>!$_",
      "BDAY:1975-02-01",
      "NOTE:A long note folded",
      "  in two",
      "END:VCARD",
      "",
    ].join("\n");
    const response = await uploadVcard(test, ann, "/api/pn/person/vcard", file);
    expect(response.statusCode, response.body).toBe(200);
    const [created] = response.json().created;
    expect(created.name).toBe("John Smith");
    const john = (await call(test, ann, "GET", `/api/pn/person/networkperson/${created.id}`)).json();
    expect(john).toMatchObject({
      contactDetails: { emails: ["john@example.com"], phones: [{ number: "+14165550199", type: "mobile" }] },
      mainDetails: { birthday: Date.UTC(1975, 1, 1), imageSrc: null },
      notes: "A long note folded in two",
    });
  });

  it("refuses a bad file with a translated 4xx naming the problem, and creates nothing", async () => {
    const before = await countPersons(ann);
    const cases: [string | Buffer, number, string, string?][] = [
      ["hello", 400, "The file holds no vCard."],
      [Buffer.from([0xff, 0xfe, 0x00, 0x41]), 400, "The file is not a vCard text file (UTF-8)."],
      [
        "BEGIN:VCARD\r\nVERSION:4.0\r\nN:A;B;;;\r\nEND:VCARD\r\n",
        400,
        "The file could not be read as vCards (version 4.0 or 3.0).",
      ],
      [
        personVcard(["FN:Good One", "N:One;Good;;;"]) +
          personVcard(["FN:Bad Mail", "N:Mail;Bad;;;", "EMAIL:not-an-email"]),
        400,
        "Enter a valid email address.",
        "cards.2.emails.0",
      ],
    ];
    for (const [file, status, message, field = "file"] of cases) {
      const response = await uploadVcard(test, ann, "/api/pn/person/vcard", file);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.fields[field]).toBe(message);
    }
    const wrongField = await uploadVcard(test, ann, "/api/pn/person/vcard", personVcard(["FN:X"]), "other");
    expect(wrongField.statusCode).toBe(400);
    const me = await uploadVcard(test, ann, "/api/pn/person/vcard?group=me", personVcard(["FN:X"]));
    expect(me.statusCode).toBe(400);
    const typeOfOtherGroup = await uploadVcard(
      test,
      ann,
      "/api/pn/person/vcard?group=child&type=dentist",
      personVcard(["FN:X"]),
    );
    expect(typeOfOtherGroup.statusCode).toBe(400);
    expect(typeOfOtherGroup.json().error.fields.type).toBeDefined();
    expect(await countPersons(ann)).toBe(before);
  });

  it("answers in French for a French account", async () => {
    const response = await uploadVcard(test, bob, "/api/pn/person/vcard", "nothing");
    expect(response.json().error.fields.file).toBe("Le fichier ne contient aucune vCard.");
  });

  it("holds the limits: 1 MB and 500 cards", async () => {
    const fullFile = Array.from({ length: VCARD_LIMITS.cards }, (_, index) =>
      personVcard([`FN:Person ${index}`, `N:${index};Person;;;`, `EMAIL:person${index}@example.com`]),
    ).join("");
    const full = await uploadVcard(test, bob, "/api/pn/person/vcard?group=officenetworkperson", fullFile);
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().created).toHaveLength(VCARD_LIMITS.cards);

    const tooMany = personVcard(["FN:A B", "N:B;A;;;"]).repeat(VCARD_LIMITS.cards + 1);
    const many = await uploadVcard(test, ann, "/api/pn/person/vcard", tooMany);
    expect(many.statusCode).toBe(400);
    expect(many.json().error.fields.file).toBe("The file holds too many cards: at most 500 at a time.");
    const large = await uploadVcard(
      test,
      ann,
      "/api/pn/person/vcard",
      "x".repeat(VCARD_LIMITS.fileBytes + 1),
    );
    expect(large.statusCode).toBe(413);
    expect(large.json().error.fields.file).toBe("The file is too large: at most 1 MB.");
  });
});
