import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryDef } from "../../../domain/sections/index.ts";
import { createdId, documentWithFile } from "../../testing/api-writes.ts";
import { makePdf } from "../../testing/document-files.ts";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { insertReleasedNominee } from "../../testing/nominee-reads.ts";
import { type ReadPdf, readPdf } from "../../testing/pdf-reading.ts";
import { call } from "../../testing/person-photos.ts";
import { sampleRecord, sampleRefsOf } from "../../testing/record-samples.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

/**
 * The binder as a family reads it: a cover naming the owner and the day, a "First 24 hours" page
 * (who to call, where the will is, who the nominees are), contents whose page numbers are the
 * pages the headings are on, chapters that follow one another instead of a page each, records
 * that do not repeat their heading, and a download named for its owner and day.
 */

/** The test's clock: the binder's day. */
const NOW = Date.UTC(2026, 10, 27, 15, 0);

describe.each(testDialects())("the binder's pages on %s", (dialect) => {
  let test: TestApp;
  let olivia: TestUser;
  let nora: TestUser;
  let sparse: TestUser;
  let nomineeId: string;

  const created = (user: TestUser, url: string, payload: object) => createdId(test, user, url, payload);
  const get = (user: TestUser, url: string) => call(test, user, "GET", url);

  async function binderOf(user: TestUser, url = "/api/binder") {
    const response = await get(user, url);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return { response, read: await readPdf(response.rawPayload) };
  }

  /** The page (1-based) the contents give for a heading; the dot leaders may sit between. */
  function contentsPage(read: ReadPdf, contentsIndex: number, title: string): number {
    const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const found = new RegExp(`${escaped}[\\s.]*?(\\d+)(?!\\d)`).exec(read.pages[contentsIndex] ?? "");
    expect(found, `"${title}" in the contents`).not.toBeNull();
    return Number(found?.[1]);
  }

  beforeAll(async () => {
    test = await buildTestApp(dialect, { clock: () => NOW });
    [olivia, nora, sparse] = await Promise.all([
      createSignedInUser(test, { name: "Olivia Owner" }),
      createSignedInUser(test, { name: "Nora Nominee" }),
      createSignedInUser(test, { name: "Sparse Sample" }),
    ]);
    const eddie = await created(olivia, "/api/pn/person", {
      group: "advisor",
      type: "lawyer",
      mainDetails: { firstName: "Eddie", lastName: "Executor" },
      contactDetails: { phones: [{ number: "+15145550142", type: "mobile" }], emails: ["eddie@example.com"] },
    });
    const carla = await created(olivia, "/api/pn/person", {
      group: "relative",
      type: "sister",
      mainDetails: { firstName: "Carla", lastName: "Contact" },
      contactDetails: { phones: [{ number: "+15145550177", type: "home" }] },
    });
    const me = (await get(olivia, "/api/pn/person")).json();
    const saved = await call(test, olivia, "POST", "/api/pn/person", {
      ...me,
      iceDetails: { emergencyContacts: [carla] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const will = await created(olivia, "/api/records/inventory/will", {
      holder: me.id,
      willType: "notarial",
      date: Date.UTC(2024, 2, 1),
      executors: [eddie],
      originalLocation: "homeSafe",
      locationDetails: "Grey safe behind the study door",
    });
    await documentWithFile(
      test,
      olivia,
      { module: "inventory", type: "will", assignedDocument: will },
      { filename: "signed-will.pdf", contentType: "application/pdf", content: makePdf("The will") },
    );
    await created(olivia, "/api/records/passwordvault/password", {
      accountNickname: "Gmail",
      password: "correct horse",
    });
    nomineeId = await insertReleasedNominee(test, olivia, nora, { categories: ["will"] });

    // One record in each of several modules: the chapters share pages.
    const refs = sampleRefsOf(test, sparse);
    for (const key of ["passport", "will", "password"] as const) {
      const category = categoryDef(key);
      await created(sparse, `/api/records/${category.module}/${key}`, await sampleRecord(category, refs));
    }
  });
  afterAll(() => test.close());

  it("names the download for its owner and day, in both of the header's forms", async () => {
    const { response } = await binderOf(olivia);
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="Kinfile - Olivia Owner - 2026-11-27.pdf"; filename*=UTF-8''Kinfile%20-%20Olivia%20Owner%20-%202026-11-27.pdf`,
    );
  });

  it("opens with a cover naming the owner and the day, then the first 24 hours", async () => {
    const { read } = await binderOf(olivia);
    expect(read.pages[0]).toContain("Emergency binder");
    expect(read.pages[0]).toContain("Olivia Owner");
    expect(read.pages[0]).toContain("Made on 27 Nov");
    expect(read.pages[0]).toContain("confidential");

    const first = read.pages[1] ?? "";
    expect(first).toMatch(/^First 24 hours/);
    expect(first).toContain("Who to call first");
    expect(first).toMatch(/Eddie Executor .*Executor\(s\) or liquidator\(s\) \(Will\).*\+1 514 555 0142/);
    expect(first).toMatch(/Carla Contact .*Emergency contacts.*\+1 514 555 0177/);
    expect(first).toContain("Where the will and key documents are");
    expect(first).toContain("Grey safe behind the study door");
    expect(first).toContain("signed-will.pdf");
    expect(first).toContain("Nominees");
    expect(first).toContain("Nora Nominee");
    expect(read.outline.slice(0, 2)).toEqual(["First 24 hours", "Contents"]);
  });

  it("lists every heading in the contents with the page it is on", async () => {
    const { read } = await binderOf(olivia);
    const contentsIndex = read.pages.findIndex((page) => page.startsWith("Contents"));
    expect(contentsIndex).toBe(2);
    for (const title of ["Key Document Inventory", "Will", "Password Vault", "Attached documents"]) {
      const page = contentsPage(read, contentsIndex, title);
      expect(read.pages[page - 1], `${title} on page ${page}`).toContain(title);
    }
  });

  it("lets chapters follow one another: one record in each of three modules fits on a few pages", async () => {
    const { read } = await binderOf(sparse);
    // Cover, first 24 hours, contents, then the records and the attachments' list together.
    expect(read.pageCount).toBeLessThanOrEqual(5);
    const contentsIndex = read.pages.findIndex((page) => page.startsWith("Contents"));
    const pages = ["Personal Data", "Key Document Inventory", "Password Vault", "Attached documents"].map(
      (title) => contentsPage(read, contentsIndex, title),
    );
    expect(new Set(pages).size).toBeLessThan(pages.length);
  });

  it("does not repeat a record's heading in its rows", async () => {
    const { read } = await binderOf(olivia, "/api/binder?module=passwordvault");
    const vault = read.pages.find((page) => page.startsWith("Password Vault")) ?? "";
    expect(vault).toContain("Gmail");
    expect(vault.match(/Gmail/g)).toHaveLength(1);
  });

  it("is a released nominee's too, named for the file's owner, without the other nominees", async () => {
    const { response, read } = await binderOf(nora, `/api/shared/nominee/${nomineeId}/binder`);
    expect(String(response.headers["content-disposition"])).toContain(
      "Kinfile - Olivia Owner - 2026-11-27.pdf",
    );
    expect(read.pages[1]).toMatch(/^First 24 hours/);
    expect(read.pages[1]).toContain("Grey safe behind the study door");
    expect(read.pages[1]).not.toContain("Nora Nominee");
  });

  it("is in French for a French reader", async () => {
    const claire = await createSignedInUser(test, { name: "Claire Client", lang: "fr" });
    const { response, read } = await binderOf(claire);
    expect(String(response.headers["content-disposition"])).toContain(
      "Kinfile - Claire Client - 2026-11-27.pdf",
    );
    expect(read.pages[0]).toContain("Classeur d'urgence");
    expect(read.pages[0]).toContain("Préparé le 27 nov");
    expect(read.pages[1]).toMatch(/^Les premières 24 heures/);
    expect(read.pages[2]).toMatch(/^Table des matières/);
  });
});
