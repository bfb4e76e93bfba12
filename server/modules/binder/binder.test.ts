import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryDef } from "../../../domain/sections/index.ts";
import { createdId, documentWithFile } from "../../testing/api-writes.ts";
import { makePdf } from "../../testing/document-files.ts";
import { createSignedInUser, request, type TestUser } from "../../testing/identity.ts";
import { insertReleasedNominee, nomineeLog, updateNominee } from "../../testing/nominee-reads.ts";
import { readPdf } from "../../testing/pdf-reading.ts";
import { call } from "../../testing/person-photos.ts";
import { type SampleRefs, sampleRecord, sampleRefsOf } from "../../testing/record-samples.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";
import { BINDER_RATE_LIMIT } from "./routes.ts";

const SOCIAL_NUMBER = "046 454 286";

describe.each(testDialects())("the emergency binder on %s", (dialect) => {
  let test: TestApp;
  /** The owner, her released nominee, a stranger, and another owner (with his own file). */
  let ann: TestUser;
  let nora: TestUser;
  let sam: TestUser;
  let bob: TestUser;
  let annRefs: SampleRefs;
  let nomineeId: string;
  const secrets: string[] = [];
  const ids = { will: "", passport: "", creditcard: "", partner: "", bobWill: "" };

  const created = (user: TestUser, url: string, payload: object) => createdId(test, user, url, payload);

  async function record(user: TestUser, refs: SampleRefs, key: string): Promise<string> {
    const category = categoryDef(key as Parameters<typeof categoryDef>[0]);
    const body = await sampleRecord(category, refs, { complete: true });
    for (const field of category.fields) {
      if (field.type === "secret" && typeof body[field.key] === "string")
        secrets.push(String(body[field.key]));
    }
    return created(user, `/api/records/${category.module}/${key}`, body);
  }

  const attachPdf = (
    user: TestUser,
    metadata: { module: string; type: string } & Record<string, unknown>,
    fileName: string,
    text: string,
  ) =>
    documentWithFile(test, user, metadata, {
      filename: fileName,
      contentType: "application/pdf",
      content: makePdf(text),
    });

  const get = (user: TestUser | null, url: string) => call(test, user, "GET", url);

  async function pdfOf(user: TestUser, url: string) {
    const response = await get(user, url);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(String(response.headers["content-disposition"])).toMatch(/^attachment;/);
    const read = await readPdf(response.rawPayload);
    // A long value wraps wherever the line ends: secrets are looked for with no spaces at all.
    return { bytes: response.rawPayload, read, squeezed: read.text.replace(/\s+/g, "") };
  }
  const squeezed = (text: string) => text.replace(/\s+/g, "");

  beforeAll(async () => {
    test = await buildTestApp(dialect);
    [ann, nora, sam, bob] = await Promise.all([
      createSignedInUser(test, { name: "Ann Example" }),
      createSignedInUser(test, { name: "Nora Nominee" }),
      createSignedInUser(test, { name: "Sam Stranger" }),
      createSignedInUser(test, { name: "Bob Other" }),
    ]);
    annRefs = sampleRefsOf(test, ann);
    ids.will = await record(ann, annRefs, "will");
    ids.passport = await record(ann, annRefs, "passport");
    ids.creditcard = await record(ann, annRefs, "creditcard");
    ids.bobWill = await record(bob, sampleRefsOf(test, bob), "will");
    // A name in three scripts: the binder's font is not the PDF's built-in WinAnsi one.
    ids.partner = await created(ann, "/api/pn/person", {
      group: "partner",
      type: "spouse",
      mainDetails: { firstName: "Zoë Ελένη", lastName: "Иванова", socialNumber: SOCIAL_NUMBER },
    });
    const comment = await call(test, ann, "POST", `/api/comments/record/${ids.will}`, {
      notes: "The original is with the notary",
    });
    expect(comment.statusCode, comment.body).toBe(200);
    await attachPdf(
      ann,
      { module: "inventory", type: "will", assignedDocument: ids.will },
      "will.pdf",
      "Last will of Ann",
    );
    await attachPdf(
      ann,
      { module: "personaldata", type: "passport", assignedDocument: ids.passport },
      "passport.pdf",
      "Passport scan of Ann",
    );
    nomineeId = await insertReleasedNominee(test, ann, nora, { categories: ["will", "creditcard"] });
  });
  afterAll(() => test.close());

  it("makes the whole file: cover, contents with page numbers, bookmarks, the tree, every record, no secret", async () => {
    const { read, squeezed: all } = await pdfOf(ann, "/api/binder");
    expect(read.pageCount).toBeGreaterThanOrEqual(5);
    expect(read.pages[0]).toContain("Emergency binder");
    expect(read.pages[0]).toContain("Secrets (passwords, account and social insurance numbers) are left out");
    expect(read.outline).toEqual(
      expect.arrayContaining([
        "Contents",
        "Personal Network",
        "  Spouse/Partner",
        "Personal Data",
        "  Passports",
        "Key Document Inventory",
        "  Will",
        "Assets, Insurance & Debts",
        "  Credit Card Details",
        "Attached documents",
      ]),
    );
    // The contents name each chapter with the page it starts on, and that page has its title.
    const contents = read.pages[2] ?? "";
    const inventoryPage = Number(/Key Document Inventory[\s.]*(\d+)/.exec(contents)?.[1]);
    expect(read.pages[inventoryPage - 1]).toContain("Key Document Inventory");
    expect(read.pages[1]).toContain(`Page 2 of ${read.pageCount}`);
    expect(read.text).toContain("Immediate family tree");
    expect(read.text).toContain("Zoë Ελένη Иванова");
    expect(read.text).toContain("The original is with the notary");
    expect(read.text).toContain("will.pdf");
    expect(read.text).toContain("Listed only");
    for (const secret of [...secrets, SOCIAL_NUMBER]) expect(all).not.toContain(squeezed(secret));
    expect(read.text).not.toContain("Bob Other");
  });

  it("gives secrets only with secrets=true and a password confirmed in the last five minutes, and logs it", async () => {
    const refused = await get(ann, "/api/binder?secrets=true");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("password_not_confirmed");

    const confirmed = await request(test, {
      method: "POST",
      url: "/api/account/confirm-password",
      cookie: ann.cookie,
      payload: { password: ann.password },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Confirmed, but not asked for: still none.
    expect((await pdfOf(ann, "/api/binder")).squeezed).not.toContain(squeezed(SOCIAL_NUMBER));
    const { read, squeezed: all } = await pdfOf(ann, "/api/binder?secrets=true");
    expect(read.pages[0]).toContain("This binder holds secrets in clear");
    expect(read.text).toContain(SOCIAL_NUMBER);
    for (const secret of secrets) expect(all).toContain(squeezed(secret));

    const log = await test.database.db
      .selectFrom("activity")
      .selectAll()
      .where("owner_id", "=", ann.id)
      .where("subject_kind", "=", "binder")
      .execute();
    expect(log.map((row) => [row.kind, row.subject_id, row.field, row.nominee_id])).toEqual(
      expect.arrayContaining([
        ["download", "file", null, null],
        ["download", "file", "secrets", null],
      ]),
    );

    // Past its five minutes the confirmation opens nothing.
    await test.database.db.updateTable("password_confirmation").set({ expires_at: 1 }).execute();
    expect((await get(ann, "/api/binder?secrets=true")).statusCode).toBe(403);
  });

  it("makes one module's binder, and refuses a module that is not one", async () => {
    const { read } = await pdfOf(ann, "/api/binder?module=personaldata");
    expect(read.outline).toEqual(["Contents", "Personal Data", "  Passports", "Attached documents"]);
    expect(read.text).toContain("passport.pdf");
    expect(read.text).not.toContain("will.pdf");
    const wrong = await get(ann, "/api/binder?module=shared-data");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty("module");
  });

  it("appends the attached PDFs when asked, after the binder's pages, and says where each starts", async () => {
    const plain = await pdfOf(ann, "/api/binder");
    const { bytes, read } = await pdfOf(ann, "/api/binder?files=true");
    expect(read.pageCount).toBe(plain.read.pageCount + 2);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(read.pageCount);
    expect(read.pages.at(-2)).toContain("Last will of Ann");
    expect(read.pages.at(-1)).toContain("Passport scan of Ann");
    expect(read.text).toContain(`Appended from page ${plain.read.pageCount + 1}`);
    // The bookmarks survive the merge.
    expect(read.outline).toContain("Contents");
  });

  it("is written in the reader's language", async () => {
    const claire = await createSignedInUser(test, { name: "Claire", lang: "fr" });
    await record(claire, sampleRefsOf(test, claire), "passport");
    const { read } = await pdfOf(claire, "/api/binder");
    expect(read.pages[0]).toContain("Classeur d'urgence");
    expect(read.outline).toEqual(expect.arrayContaining(["Table des matières", "Données personnelles"]));
    expect(read.pages[1]).toContain(`Page 2 sur ${read.pageCount}`);
  });

  it("makes a released nominee exactly the shared part of the file, secrets masked, and logs it", async () => {
    const { read, squeezed: all } = await pdfOf(nora, `/api/shared/nominee/${nomineeId}/binder?files=true`);
    expect(read.pages[0]).toContain("What Ann Example shared with you");
    expect(read.outline).toEqual(expect.arrayContaining(["  Will", "  Credit Card Details"]));
    expect(read.outline).not.toContain("  Passports");
    expect(read.text).toContain("will.pdf");
    expect(read.text).toContain("Last will of Ann");
    expect(read.text).not.toContain("passport.pdf");
    expect(read.text).not.toContain("Passport scan of Ann");
    // Comments and persons the shared records do not name stay the owner's.
    expect(read.text).not.toContain("The original is with the notary");
    expect(read.text).not.toContain("Иванова");
    for (const secret of [...secrets, SOCIAL_NUMBER]) expect(all).not.toContain(squeezed(secret));
    const log = await nomineeLog(test, nomineeId);
    expect(log.map((row) => [row.kind, row.subject_kind])).toContainEqual(["download", "binder"]);
  });

  it("answers 404 before release, to anyone but the nominee, and for another owner's grant", async () => {
    const path = `/api/shared/nominee/${nomineeId}/binder`;
    for (const user of [sam, ann, bob]) expect((await get(user, path)).statusCode).toBe(404);
    await updateNominee(test, nomineeId, { status: "accepted", released_at: null });
    expect((await get(nora, path)).statusCode).toBe(404);
    await updateNominee(test, nomineeId, { status: "released", released_at: Date.now() });
    expect((await get(nora, path)).statusCode).toBe(200);
    expect((await get(null, path)).statusCode).toBe(401);
  });

  it("refuses a flag that is not true or false, naming it", async () => {
    const wrong = await get(ann, "/api/binder?secrets=maybe");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty("secrets");
  });

  it("makes an account at most BINDER_RATE_LIMIT binders a minute, then says how long to wait", async () => {
    const busy = await createSignedInUser(test, { name: "Busy Bee" });
    for (let made = 0; made < BINDER_RATE_LIMIT.max; made += 1) {
      expect((await get(busy, "/api/binder")).statusCode).toBe(200);
    }
    const refused = await get(busy, "/api/binder");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another account is not slowed.
    expect((await get(sam, "/api/binder")).statusCode).toBe(200);
  });

  it("never shows one owner another's file", async () => {
    const { read } = await pdfOf(sam, "/api/binder");
    expect(read.text).not.toContain("Ann Example");
    expect(read.text).not.toContain("will.pdf");
    expect(read.text).toContain("No documents are attached.");
  });
});
