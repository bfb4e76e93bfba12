import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { CATEGORIES } from "../../domain/sections/index.ts";
import { createdId, documentWithFile } from "./api-writes.ts";
import { makePdf } from "./document-files.ts";
import type { TestUser } from "./identity.ts";
import { call, dataUrl, makeJpeg, makePng } from "./person-photos.ts";
import { sampleRecord, sampleRefsOf } from "./record-samples.ts";
import type { TestApp } from "./test-app.ts";

/** What `fillFile` wrote, for the tests to look for. */
export type FilledFile = {
  meId: string;
  partnerId: string;
  addressId: string;
  /** category -> the record made for it. */
  records: Map<string, string>;
  /** The documents with a file, and the bytes of each. */
  files: Map<string, Buffer>;
  /** A document with no file. */
  emptyDocumentId: string;
  /** Secret values written (the social number, a vault password...): none may leave without secrets. */
  secrets: string[];
  nomineeEmail: string;
};

/**
 * A whole file written through the API as its owner would: the "me" person with a social number
 * and a photo, a partner with addresses and emergency contacts, one complete record of every
 * category (with the persons, addresses, institutions and records they name), documents in the
 * library and attached to a record (one naming it in its documents field), one without a file,
 * comments on a record and a person, and a nominee.
 */
export async function fillFile(test: TestApp, user: TestUser): Promise<FilledFile> {
  const ok = async (method: "GET" | "POST", url: string, payload?: unknown) => {
    const response = await call(test, user, method, url, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return response.json();
  };
  const created = (url: string, payload: object) => createdId(test, user, url, payload);
  const secrets: string[] = [];

  const me = await ok("GET", "/api/pn/person");
  const socialNumber = `SIN-${randomUUID()}`;
  secrets.push(socialNumber);
  await ok("POST", "/api/pn/person", {
    ...me,
    mainDetails: {
      ...me.mainDetails,
      lastName: "Owner",
      birthday: Date.UTC(1980, 1, 2),
      socialNumber,
      imageSrc: dataUrl("image/jpeg", makeJpeg(64, 48)),
    },
    contactDetails: { emails: ["owner@example.com"], phones: [] },
    notes: "My own notes",
  });

  const addressId = await created("/api/address/", {
    name: "Family home",
    addressLine1: "1 Main Street",
    city: "Toronto",
    country: "CA",
    province: "Ontario",
    zip: "M1M 1M1",
  });
  const partnerId = await created("/api/pn/person", {
    group: "partner",
    type: "spouse",
    mainDetails: { firstName: "Pat", lastName: "Partner" },
    homeAddress: addressId,
    mailingAddress: addressId,
    iceDetails: { emergencyContacts: [me.id] },
    kinDetails: { emergencyContacts: [me.id] },
  });

  const refs = sampleRefsOf(test, user);
  const records = new Map<string, string>();
  for (const category of CATEGORIES) {
    const body = await sampleRecord(category, refs, { complete: true });
    for (const field of category.fields) {
      if (field.type === "secret" && typeof body[field.key] === "string")
        secrets.push(body[field.key] as string);
    }
    records.set(category.key, await created(`/api/records/${category.module}/${category.key}`, body));
  }

  const files = new Map<string, Buffer>();
  const document = async (
    metadata: { module: string; type: string } & Record<string, unknown>,
    file?: { name: string; content: Buffer },
  ) => {
    if (file === undefined) return created("/api/documents", metadata);
    const id = await documentWithFile(test, user, metadata, { filename: file.name, content: file.content });
    files.set(id, file.content);
    return id;
  };
  const willId = records.get("will") ?? "";
  await document(
    { module: "inventory", type: "will", assignedDocument: willId, description: "The signed will" },
    { name: "will.pdf", content: makePdf(`Last will ${randomUUID()}`) },
  );
  await document(
    {
      module: "inventory",
      type: "documentlibrary",
      assignedModule: "personaldata",
      assignedType: "passport",
      lastName: "Owner",
    },
    { name: "passport scan.png", content: makePng(20, 10) },
  );
  const emptyDocumentId = await document({
    module: "documentlibrary",
    type: "passport",
    fileName: "to scan.pdf",
  });
  const namedId = await document(
    { module: "inventory", type: "documentlibrary" },
    { name: "deed.pdf", content: makePdf("The deed") },
  );
  // A record that names a document in its documents field.
  const named = CATEGORIES.find((category) => category.key === "owned") ?? CATEGORIES[0];
  if (named !== undefined) {
    const body = await sampleRecord(named, refs, { complete: true });
    await ok("POST", `/api/records/${named.module}/${named.key}`, { ...body, documents: [namedId] });
  }

  await ok("POST", `/api/comments/record/${willId}`, { notes: "Kept at the notary's" });
  await ok("POST", `/api/comments/person/${partnerId}`, { notes: "Call Pat first" });

  const nomineeEmail = `nominee-${randomUUID()}@example.com`;
  await ok("POST", "/api/shared/nominees", {
    personId: partnerId,
    firstName: "Pat",
    lastName: "Partner",
    email: nomineeEmail,
    scope: { modules: ["personaldata"], categories: ["passport"] },
    release: "ten_days",
  });

  return { meId: me.id, partnerId, addressId, records, files, emptyDocumentId, secrets, nomineeEmail };
}
