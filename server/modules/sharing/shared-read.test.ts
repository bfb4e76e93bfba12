import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RELATIONSHIP_TYPES_BY_GROUP } from "../../../domain/catalog/relationships.ts";
import { MASK } from "../../../domain/secrets.ts";
import { categoryDef } from "../../../domain/sections/index.ts";
import { createdId, documentWithFile } from "../../testing/api-writes.ts";
import { makePdf } from "../../testing/document-files.ts";
import { createSignedInUser, mailsTo, type TestUser } from "../../testing/identity.ts";
import { insertReleasedNominee, nomineeLog, updateNominee } from "../../testing/nominee-reads.ts";
import { call } from "../../testing/person-photos.ts";
import { type SampleRefs, sampleRecord, sampleRefsOf } from "../../testing/record-samples.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";
import { markFirstOpen, releasedGrant } from "./released-grant.ts";

const SOCIAL_NUMBER = "046 454 286";

describe.each(testDialects())("a released nominee's shared reads on %s", (dialect) => {
  /** The app's clock: the end-date test moves it. */
  let now = Date.now();
  let test: TestApp;
  /** The owner, her nominee, a stranger, and another owner who named Nora too (not released). */
  let ann: TestUser;
  let nora: TestUser;
  let sam: TestUser;
  let bob: TestUser;
  let annRefs: SampleRefs;
  let nomineeId: string;
  let bobNomineeId: string;
  const ids = {
    will: "",
    creditcard: "",
    passport: "",
    bobWill: "",
    child: "",
    bank: "",
    bankAddress: "",
    childAddress: "",
    willPdf: "",
    libraryPdf: "",
    passportPdf: "",
  };
  const cardNumber = { value: "" };
  const pdf = makePdf("Last will of Ann Example");

  const get = (user: TestUser | null, url: string) => call(test, user, "GET", url);
  const shared = (path: string, user: TestUser = nora, grant = nomineeId) =>
    get(user, `/api/shared/nominee/${grant}${path}`);

  const created = (user: TestUser, url: string, payload: object) => createdId(test, user, url, payload);

  async function record(user: TestUser, refs: SampleRefs, key: string, complete = false): Promise<string> {
    const category = categoryDef(key as Parameters<typeof categoryDef>[0]);
    const body = await sampleRecord(category, refs, { complete });
    if (key === "creditcard") cardNumber.value = String(body.cardNumber);
    return created(user, `/api/records/${category.module}/${key}`, body);
  }

  const documentWithPdf = (
    user: TestUser,
    metadata: { module: string; type: string } & Record<string, unknown>,
    fileName: string,
  ) =>
    documentWithFile(test, user, metadata, {
      filename: fileName,
      contentType: "application/pdf",
      content: pdf,
    });

  beforeAll(async () => {
    test = await buildTestApp(dialect, { clock: () => now });
    [ann, nora, sam, bob] = await Promise.all([
      createSignedInUser(test, { name: "Ann Example" }),
      createSignedInUser(test, { name: "Nora Nominee" }),
      createSignedInUser(test, { name: "Sam Stranger" }),
      createSignedInUser(test, { name: "Bob Other" }),
    ]);
    annRefs = sampleRefsOf(test, ann);
    // Shared: the will (holder "me", executors, an advisor as lawyer) and the credit card (a bank).
    ids.will = await record(ann, annRefs, "will", true);
    ids.creditcard = await record(ann, annRefs, "creditcard");
    ids.passport = await record(ann, annRefs, "passport");
    ids.bobWill = await record(bob, sampleRefsOf(test, bob), "will");
    ids.bank = await annRefs.institution();
    ids.bankAddress = await created(ann, "/api/address/", { name: "Bank branch", country: "CA" });
    const bank = await call(test, ann, "PUT", `/api/institutions/${ids.bank}`, {
      name: "Sample Bank",
      address: ids.bankAddress,
    });
    expect(bank.statusCode, bank.body).toBe(200);
    // Not named by any shared record: visible only when the whole network is shared.
    ids.childAddress = await created(ann, "/api/address/", { name: "School flat", country: "CA" });
    ids.child = await created(ann, "/api/pn/person", {
      group: "child",
      type: RELATIONSHIP_TYPES_BY_GROUP.child[0],
      homeAddress: ids.childAddress,
      mainDetails: { firstName: "Kit", lastName: "Example", socialNumber: SOCIAL_NUMBER },
    });
    ids.willPdf = await documentWithPdf(
      ann,
      { module: "inventory", type: "will", assignedDocument: ids.will },
      "will.pdf",
    );
    ids.libraryPdf = await documentWithPdf(
      ann,
      { module: "inventory", type: "documentlibrary", assignedModule: "inventory", assignedType: "will" },
      "library.pdf",
    );
    ids.passportPdf = await documentWithPdf(
      ann,
      { module: "personaldata", type: "passport", assignedDocument: ids.passport },
      "passport.pdf",
    );
    nomineeId = await insertReleasedNominee(test, ann, nora, { categories: ["will", "creditcard"] });
    bobNomineeId = await insertReleasedNominee(
      test,
      bob,
      nora,
      { modules: ["inventory"] },
      { status: "accepted" },
    );
  });
  afterAll(() => test.close());

  it("answers a shared category's list and record exactly as the owner reads them, secrets masked", async () => {
    const list = await shared("/records/inventory/will");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers["cache-control"]).toBe("no-store");
    expect(list.json()).toEqual((await get(ann, "/api/records/inventory/will")).json());

    const card = await shared(`/records/assets/creditcard/${ids.creditcard}`);
    expect(card.statusCode, card.body).toBe(200);
    // Who changed it last is for the file's own readers; a nominee reads the rest as the owner does.
    const { changedBy, ...asOwnerReadsIt } = (
      await get(ann, `/api/records/assets/creditcard/${ids.creditcard}`)
    ).json();
    expect(changedBy).toEqual({ id: ann.id, name: expect.any(String) });
    expect(card.json()).toEqual(asOwnerReadsIt);
    expect(card.json().body.cardNumber).toBe(MASK);
    expect(card.json().maskedFields).toContain("cardNumber");
    expect((await shared("/records/assets/creditcard")).json()[0].columns.cardNumber ?? MASK).toBe(MASK);
  });

  it("answers a shared list with the owner's list kept whole, and the owner's writes in the next one", async () => {
    const wills = async () => {
      const list = await shared("/records/inventory/will");
      expect(list.statusCode, list.body).toBe(200);
      expect(list.headers["cache-control"]).toBe("no-store");
      expect(list.body).toBe((await get(ann, "/api/records/inventory/will")).body);
      return list.json().map((item: { id: string }) => item.id);
    };
    // Kept by the nominee's read, then changed by the owner: the nominee's next list has it.
    expect(await wills()).toEqual([ids.will]);
    const second = await record(ann, annRefs, "will");
    expect(await wills()).toEqual([ids.will, second]);
    expect((await call(test, ann, "DELETE", `/api/records/inventory/will/${second}`)).statusCode).toBe(204);
    expect(await wills()).toEqual([ids.will]);
  });

  it("counts the shared categories of a module only", async () => {
    expect((await shared("/records/inventory/count")).json()).toEqual({ will: 1 });
    expect((await shared("/records/assets/count")).json()).toEqual({ creditcard: 1 });
    expect((await shared("/records/personaldata/count")).statusCode).toBe(404);
    expect((await shared("/records/nowhere/count")).statusCode).toBe(404);
  });

  it("answers 404 outside the scope, through the owner's routes, and to anyone else", async () => {
    const notFound = [
      await shared("/records/personaldata/passport"),
      await shared(`/records/personaldata/passport/${ids.passport}`),
      // A record of a category not shared, asked for through a shared category's path.
      await shared(`/records/inventory/will/${ids.passport}`),
      await shared(`/records/assets/will/${ids.will}`),
      await get(nora, `/api/records/inventory/will/${ids.will}`),
      await get(nora, `/api/documents/inventory/will/${ids.willPdf}`),
      await shared("/records/inventory/will", sam),
      await shared(`/records/inventory/will/${ids.will}`, sam),
      // Another owner's ids through Ann's grant, and through Bob's grant, which is not released.
      await shared(`/records/inventory/will/${ids.bobWill}`),
      await shared(`/records/inventory/will/${ids.bobWill}`, nora, bobNomineeId),
      await shared("/records/inventory/will", nora, bobNomineeId),
    ];
    for (const response of notFound) expect(response.statusCode, response.body).toBe(404);
    expect((await shared("/records/inventory/will", ann)).statusCode).toBe(404);
    expect((await get(null, `/api/shared/nominee/${nomineeId}/records/inventory/will`)).statusCode).toBe(401);
  });

  it("reads nothing before release, after revocation, or once access has ended", async () => {
    const read = () => shared(`/records/inventory/will/${ids.will}`);
    for (const status of ["invited", "accepted", "requested", "declined"] as const) {
      await updateNominee(test, nomineeId, { status });
      expect((await read()).statusCode, status).toBe(404);
    }
    await updateNominee(test, nomineeId, { status: "released" });
    expect((await read()).statusCode).toBe(200);
    // Access ends at the end date's very millisecond.
    await updateNominee(test, nomineeId, { access_ends_at: now + 1 });
    expect((await read()).statusCode).toBe(200);
    now += 1;
    expect((await read()).statusCode).toBe(404);
    expect((await get(nora, `/api/shared/nominee/institutions/${ids.bank}`)).statusCode).toBe(404);
    expect(
      (await get(nora, `/api/shared/${nomineeId}/will/${ids.willPdf}/download/will.pdf/`)).statusCode,
    ).toBe(404);
    await updateNominee(test, nomineeId, { access_ends_at: now + 86_400_000 });
    expect((await read()).statusCode).toBe(200);
    // Revoked: back to accepted.
    await updateNominee(test, nomineeId, { status: "accepted", access_ends_at: null });
    expect((await read()).statusCode).toBe(404);
    expect((await shared(`/documents/record/${ids.will}`)).statusCode).toBe(404);
    await updateNominee(test, nomineeId, { status: "released" });
  });

  it("reveals a secret on purpose and logs it for the owner, never a field that is not secret", async () => {
    const url = `/records/assets/creditcard/${ids.creditcard}`;
    const revealed = await shared(`${url}?reveal=cardNumber`);
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json().body.cardNumber).toBe(cardNumber.value);
    expect((await shared(`${url}?reveal=companyName`)).statusCode).toBe(400);
    const log = await nomineeLog(test, nomineeId);
    expect(log).toContainEqual(
      expect.objectContaining({
        kind: "reveal",
        subject_kind: "record",
        subject_id: ids.creditcard,
        category: "creditcard",
        field: "cardNumber",
        owner_id: ann.id,
        actor_id: nora.id,
        nominee_id: nomineeId,
      }),
    );
    // Entries name the field, never its value.
    expect(JSON.stringify(log)).not.toContain(cardNumber.value);
  });

  it("logs a secret asked for to copy as the nominee's copy", async () => {
    const url = `/records/assets/creditcard/${ids.creditcard}`;
    const copied = await shared(`${url}?reveal=cardNumber&purpose=copy`);
    expect(copied.statusCode, copied.body).toBe(200);
    expect(copied.json().body.cardNumber).toBe(cardNumber.value);
    expect(await nomineeLog(test, nomineeId)).toContainEqual(
      expect.objectContaining({
        kind: "copy",
        subject_id: ids.creditcard,
        field: "cardNumber",
        actor_id: nora.id,
        nominee_id: nomineeId,
      }),
    );
  });

  it("lists and downloads the documents of shared records, and no other", async () => {
    const query = "?documentModule=inventory&documentType=will";
    const list = await shared(`/documents${query}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual((await get(ann, "/api/documents/inventory/type/will")).json());
    const one = await shared(`/document/${ids.willPdf}${query}`);
    expect(one.json()).toEqual((await get(ann, `/api/documents/inventory/will/${ids.willPdf}`)).json());
    const attached = await shared(`/documents/record/${ids.will}`);
    expect(attached.json().map((item: { id: string }) => item.id)).toEqual([ids.willPdf]);

    const download = await get(nora, `/api/shared/${nomineeId}/will/${ids.willPdf}/download/will.pdf/`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toMatch(/^attachment;/);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const inline = await get(
      nora,
      `/api/shared/${nomineeId}/will/${ids.willPdf}/download/will.pdf/?inline=1`,
    );
    expect(inline.headers["content-disposition"]).toMatch(/^inline;/);
    expect(inline.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    // Saved is a download, opened in the browser a view of the file: one entry each, named so.
    const fileEntries = (await nomineeLog(test, nomineeId)).filter(
      (entry) =>
        entry.subject_id === ids.willPdf && (entry.kind === "download" || entry.subject_kind === "file"),
    );
    expect(fileEntries).toHaveLength(2);
    expect(fileEntries).toContainEqual(
      expect.objectContaining({
        kind: "download",
        subject_kind: "document",
        subject_id: ids.willPdf,
        field: null,
        nominee_id: nomineeId,
      }),
    );
    expect(fileEntries).toContainEqual(
      expect.objectContaining({ kind: "view", subject_kind: "file", subject_id: ids.willPdf }),
    );
    // The name is encrypted at rest, not in the log: the owner's log names the file as it reads it.
    const ownersLog = await get(ann, `/api/shared/nominees/${nomineeId}/log`);
    expect(ownersLog.statusCode, ownersLog.body).toBe(200);
    expect(ownersLog.json()).toContainEqual(
      expect.objectContaining({ kind: "download", subjectId: ids.willPdf, field: "will.pdf" }),
    );

    const notFound = [
      await shared("/documents?documentModule=personaldata&documentType=passport"),
      await shared(`/document/${ids.passportPdf}?documentModule=personaldata&documentType=passport`),
      await shared(`/documents/record/${ids.passport}`),
      await get(nora, `/api/shared/${nomineeId}/passport/${ids.passportPdf}/download/passport.pdf/`),
      // The right file under another type's path.
      await get(nora, `/api/shared/${nomineeId}/passport/${ids.willPdf}/download/will.pdf/`),
      await get(sam, `/api/shared/${nomineeId}/will/${ids.willPdf}/download/will.pdf/`),
      await shared("/documents?documentModule=inventory&documentType=documentlibrary"),
      await get(nora, `/api/shared/${nomineeId}/documentlibrary/${ids.libraryPdf}/download/library.pdf/`),
    ];
    for (const response of notFound) expect(response.statusCode, response.body).toBe(404);
    expect((await shared("/documents?documentModule=inventory&documentType=passport")).statusCode).toBe(400);

    // A file attached while the will was being added names no record; the will names it.
    const scan = await documentWithPdf(ann, { module: "personaldata", type: "passport" }, "scan.pdf");
    const scanUrl = `/api/shared/${nomineeId}/passport/${scan}/download/scan.pdf/`;
    expect((await get(nora, scanUrl)).statusCode).toBe(404);
    const will = (await get(ann, `/api/records/inventory/will/${ids.will}`)).json();
    const named = await call(test, ann, "PUT", `/api/records/inventory/will/${ids.will}`, {
      ...will.body,
      documents: [scan],
    });
    expect(named.statusCode, named.body).toBe(200);
    const withScan = await shared(`/documents/record/${ids.will}`);
    expect(withScan.json().map((item: { id: string }) => item.id)).toEqual([ids.willPdf, scan]);
    expect((await get(nora, scanUrl)).statusCode).toBe(200);
    const restored = await call(test, ann, "PUT", `/api/records/inventory/will/${ids.will}`, will.body);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await get(nora, scanUrl)).statusCode).toBe(404);

    // Sharing the Document Library category shares its documents.
    await updateNominee(test, nomineeId, {
      scope: { categories: ["will", "creditcard", "documentlibrary"] },
    });
    const library = await get(
      nora,
      `/api/shared/${nomineeId}/documentlibrary/${ids.libraryPdf}/download/library.pdf/`,
    );
    expect(library.statusCode, library.body).toBe(200);
    await updateNominee(test, nomineeId, { scope: { categories: ["will", "creditcard"] } });
  });

  it("shows the persons, addresses and institutions shared records name, all persons only with the network", async () => {
    const names = async (group: string) =>
      (await shared(`/persons?personGroup=${group}`)).json().map((person: { id: string }) => person.id);
    // Who changed a row last, and when a company was, are for the file's own readers.
    const { changedBy, ...me } = (await get(ann, "/api/pn/person")).json();
    expect(changedBy).toEqual({ id: ann.id, name: expect.any(String) });
    expect(await names("me")).toEqual([me.id]);
    expect(await names("advisor")).toEqual([await annRefs.person(["advisor"])]);
    expect(await names("child")).toEqual([]);
    expect((await shared("/persons")).statusCode).toBe(400);

    const person = await get(nora, `/api/shared/nominee/person/${me.id}`);
    expect(person.statusCode, person.body).toBe(200);
    expect(person.json()).toEqual(me);
    const institution = await get(nora, `/api/shared/nominee/institutions/${ids.bank}`);
    const {
      updateTime: _time,
      changedBy: _by,
      ...bank
    } = (await get(ann, `/api/institutions/${ids.bank}`)).json();
    expect(institution.json()).toEqual(bank);
    const address = await get(nora, `/api/shared/nominee/addresses/${ids.bankAddress}`);
    expect(address.statusCode, address.body).toBe(200);
    expect(address.json().name).toBe("Bank branch");

    const hidden = [
      await get(nora, `/api/shared/nominee/person/${ids.child}`),
      await get(nora, `/api/shared/nominee/addresses/${ids.childAddress}`),
      await get(sam, `/api/shared/nominee/person/${me.id}`),
      await get(sam, `/api/shared/nominee/institutions/${ids.bank}`),
      await get(nora, `/api/shared/nominee/person/${(await get(bob, "/api/pn/person")).json().id}`),
      await get(nora, "/api/shared/nominee/addresses/not-an-id"),
    ];
    for (const response of hidden) expect(response.statusCode, response.body).toBe(404);

    await updateNominee(test, nomineeId, { scope: { modules: ["personal-network"], categories: ["will"] } });
    expect(await names("child")).toEqual([ids.child]);
    const child = await get(nora, `/api/shared/nominee/person/${ids.child}`);
    expect(child.json().mainDetails.socialNumber).toBe(MASK);
    const revealed = await get(nora, `/api/shared/nominee/person/${ids.child}?reveal=socialNumber`);
    expect(revealed.json().mainDetails.socialNumber).toBe(SOCIAL_NUMBER);
    expect((await get(nora, `/api/shared/nominee/addresses/${ids.childAddress}`)).statusCode).toBe(200);
    // The credit card is no longer shared, nor the bank only it named.
    expect((await get(nora, `/api/shared/nominee/institutions/${ids.bank}`)).statusCode).toBe(404);
    await updateNominee(test, nomineeId, { scope: { categories: ["will", "creditcard"] } });

    // One entry per real access: a person opened from the shared network, a list, a reveal; the
    // names a shared record shows (its person, its bank and the bank's address) are part of
    // reading that record, and the person read without the network shared was no page of its own.
    const log = await nomineeLog(test, nomineeId);
    for (const [kind, subjectKind, subjectId] of [
      ["view", "person", ids.child],
      ["view", "list", "advisor"],
      ["reveal", "person", ids.child],
    ]) {
      expect(log).toContainEqual(
        expect.objectContaining({
          kind,
          subject_kind: subjectKind,
          subject_id: subjectId,
          actor_id: nora.id,
        }),
      );
    }
    for (const subjectId of [me.id, ids.bank, ids.bankAddress, ids.childAddress]) {
      expect(log.filter((entry) => entry.subject_id === subjectId)).toEqual([]);
    }
  });

  it("logs each view with the grant, and no counts", async () => {
    const before = (await nomineeLog(test, nomineeId)).length;
    await shared("/records/inventory/count");
    expect(await nomineeLog(test, nomineeId)).toHaveLength(before);
    await shared(`/records/inventory/will/${ids.will}`);
    await shared("/records/inventory/will");
    const log = await nomineeLog(test, nomineeId);
    expect(log).toHaveLength(before + 2);
    expect(log).toContainEqual(
      expect.objectContaining({
        kind: "view",
        subject_kind: "record",
        subject_id: ids.will,
        category: "will",
      }),
    );
    expect(log).toContainEqual(
      expect.objectContaining({ kind: "view", subject_kind: "list", subject_id: "will", category: "will" }),
    );
    // The owner's own log is not the nominee's: Ann's entries carry no nominee.
    expect(log.every((entry) => entry.owner_id === ann.id && entry.actor_id === nora.id)).toBe(true);
  });

  it("tells the owner once per release that the nominee opened the file", async () => {
    const openedMails = async () => {
      await test.jobs.runDue();
      return (await mailsTo(test, ann.email)).filter((mail) =>
        mail.subject.includes("opened your shared file"),
      );
    };
    const before = (await openedMails()).length;
    // A new release: opened_at cleared, a new release time.
    await updateNominee(test, nomineeId, { opened_at: null, released_at: now + 1 });
    await Promise.all([shared("/records/inventory/will"), shared("/records/inventory/count")]);
    await shared(`/records/inventory/will/${ids.will}`);
    expect(await openedMails()).toHaveLength(before + 1);
    const opened = await test.database.db
      .selectFrom("nominee")
      .select("opened_at")
      .where("id", "=", nomineeId)
      .executeTakeFirstOrThrow();
    expect(opened.opened_at).not.toBeNull();

    await updateNominee(test, nomineeId, { opened_at: null, released_at: now + 2 });
    await get(nora, `/api/shared/nominee/institutions/${ids.bank}`);
    await shared("/records/inventory/will");
    expect(await openedMails()).toHaveLength(before + 2);
  });

  it("makes exactly one of racing first reads the first", async () => {
    // A new release (opened_at cleared): of racing first reads exactly one is the first.
    const actor = { userId: nora.id, roles: [], language: "en" as const };
    for (let release = 0; release < 2; release += 1) {
      await updateNominee(test, nomineeId, { opened_at: null });
      const grant = await releasedGrant(test.database.db, actor, nomineeId, Date.now());
      const firsts = await Promise.all(
        Array.from({ length: 5 }, () => markFirstOpen(test.database.db, grant, Date.now())),
      );
      expect(firsts.filter(Boolean)).toHaveLength(1);
    }
  });
});
