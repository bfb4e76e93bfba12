import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../../domain/limits.ts";
import { categoryDef } from "../../../domain/sections/index.ts";
import type { BlobStoreKind } from "../../config.ts";
import type { Dialect } from "../../db/database.ts";
import { blobsDir } from "../../storage/open-blob-store.ts";
import { stripeBilling } from "../../testing/billing.ts";
import { type FilePart, makeExe, makePdf, makePng, multipart } from "../../testing/document-files.ts";
import { createSignedInUser, request, TEST_PASSWORD, type TestUser } from "../../testing/identity.ts";
import { sampleRecord, sampleRefsOf } from "../../testing/record-samples.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

const MARKER = "KINFILE-DOCUMENT-MARKER-41c9";
const MISSING_ID = "6f1c2b7e-0d3a-4c59-9a7e-2f4b8c1d0e93";
const RECORD_ID = "0b6f2d7c-3a41-4e8e-9a3c-5d2e1f0a9b87";

const backends: { dialect: Dialect; blobStore: BlobStoreKind }[] = testDialects().flatMap((dialect) => [
  { dialect, blobStore: "filesystem" as const },
  { dialect, blobStore: "database" as const },
]);

describe.each(backends)(
  "documents API on $dialect with the $blobStore blob store",
  ({ dialect, blobStore }) => {
    let test: TestApp;
    let ann: TestUser;
    let bob: TestUser;
    let lea: TestUser;
    beforeAll(async () => {
      test = await buildTestApp(dialect, { config: { blobStore } });
      ann = await createSignedInUser(test, { name: "Ann Example" });
      bob = await createSignedInUser(test, { name: "Bob" });
      // Messages follow the account's language: Léa's is French.
      lea = await createSignedInUser(test, { name: "Léa", lang: "fr" });
    });
    afterAll(() => test.close());

    const call = (
      user: TestUser | null,
      method: "GET" | "POST" | "DELETE",
      url: string,
      options: { payload?: object | Buffer; headers?: Record<string, string> } = {},
    ) =>
      request(test, {
        method,
        url,
        ...(user === null ? {} : { cookie: user.cookie }),
        ...(options.payload === undefined ? {} : { payload: options.payload }),
        headers: options.headers ?? {},
      });

    async function createDocument(user: TestUser, body: object = {}): Promise<string> {
      const response = await call(user, "POST", "/api/documents", {
        payload: { module: "inventory", type: "documentlibrary", ...body },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    }

    const upload = (
      user: TestUser,
      url: string,
      file: FilePart | null,
      headers: Record<string, string> = {},
    ) => {
      const body = multipart(file);
      return call(user, "POST", url, { payload: body.payload, headers: { ...body.headers, ...headers } });
    };

    const base = (id: string, module = "inventory", type = "documentlibrary") =>
      `/api/documents/${module}/${type}/${id}`;

    /** The blobs an account has in the store (temporary and staged ones included). */
    async function blobsOf(user: TestUser): Promise<string[]> {
      if (blobStore === "database") {
        const rows = await test.database.db
          .selectFrom("blob_chunk")
          .select("blob_id")
          .distinct()
          .where("owner_id", "=", user.id)
          .execute();
        return rows.map((row) => row.blob_id).sort();
      }
      return (await readdir(path.join(blobsDir(test.config.dataDir), user.id)).catch(() => [])).sort();
    }

    async function blobOfDocument(id: string): Promise<string | null> {
      const row = await test.database.db
        .selectFrom("document")
        .select("blob_id")
        .where("id", "=", id)
        .executeTakeFirst();
      return row?.blob_id ?? null;
    }

    describe("metadata", () => {
      it("saves metadata, answers the new id as a JSON string, and reads it back", async () => {
        const response = await call(ann, "POST", "/api/documents", {
          payload: {
            module: "inventory",
            type: "documentlibrary",
            fileName: "birth-certificate.pdf",
            description: "  Original in the safe ",
            lastName: "Example",
            assignedModule: "personaldata",
            assignedType: "passport",
            assignedCustomPosition: 2,
            assignedDocument: RECORD_ID,
          },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers["content-type"]).toMatch(/^application\/json/);
        const id = response.json();
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        const one = await call(ann, "GET", base(id));
        expect(one.statusCode).toBe(200);
        expect(one.json()).toEqual({
          id,
          module: "inventory",
          type: "documentlibrary",
          fileName: "birth-certificate.pdf",
          filename: "birth-certificate.pdf",
          lastName: "Example",
          description: "Original in the safe",
          assignedModule: "personaldata",
          assignedType: "passport",
          assignedCustomPosition: "2",
          assignedDocument: RECORD_ID,
          date: expect.any(Number),
          createTime: expect.any(Number),
          updateTime: expect.any(Number),
          contentType: null,
          size: null,
        });

        const edited = await call(ann, "POST", "/api/documents", {
          payload: { id, module: "inventory", type: "documentlibrary", description: "Copy", lastName: null },
        });
        expect(edited.json()).toBe(id);
        expect((await call(ann, "GET", base(id))).json()).toMatchObject({
          description: "Copy",
          lastName: null,
          assignedModule: null,
          fileName: null,
        });
        expect(
          (
            await call(ann, "POST", "/api/documents", {
              payload: { id: MISSING_ID, module: "inventory", type: "will" },
            })
          ).statusCode,
        ).toBe(404);
      });

      it("refuses metadata outside the modules and categories, naming the fields", async () => {
        const response = await call(ann, "POST", "/api/documents", {
          payload: {
            module: "nowhere",
            type: "Passport!",
            description: "x".repeat(LIMITS.longTextMax + 1),
            assignedDocument: "nope",
          },
        });
        expect(response.statusCode).toBe(400);
        expect(Object.keys(response.json().error.fields).sort()).toEqual([
          "assignedDocument",
          "description",
          "module",
          "type",
        ]);
        const misplaced = await call(ann, "POST", "/api/documents", {
          payload: {
            module: "personaldata",
            type: "will",
            assignedModule: "household",
            assignedType: "passport",
          },
        });
        expect(misplaced.statusCode).toBe(400);
        expect(misplaced.json().error.fields).toEqual({
          type: "Choose one of the offered options.",
          assignedType: "Choose one of the offered options.",
        });
        expect(
          (
            await call(ann, "POST", "/api/documents", {
              payload: { module: "documentlibrary", type: "passport" },
            })
          ).statusCode,
        ).toBe(200);
        expect((await call(ann, "GET", "/api/documents/personaldata/type/will")).statusCode).toBe(400);
        expect((await call(ann, "GET", "/api/documents/inventory/household/passport/count")).statusCode).toBe(
          400,
        );
      });
    });

    describe("files", () => {
      it("uploads a PDF, lists, counts, reads and downloads it exactly, as an attachment", async () => {
        const id = await createDocument(ann, { lastName: "Example", description: "Deed" });
        const pdf = makePdf(MARKER);
        const uploaded = await upload(ann, `${base(id)}/upload`, {
          filename: "Deed of the house.pdf",
          contentType: "application/pdf",
          content: pdf,
        });
        expect(uploaded.statusCode, uploaded.body).toBe(200);
        expect(uploaded.json()).toMatchObject({
          id,
          fileName: "Deed of the house.pdf",
          contentType: "application/pdf",
          size: pdf.length,
        });

        const list = await call(ann, "GET", "/api/documents/inventory/type/documentlibrary");
        expect(list.statusCode).toBe(200);
        expect(list.json()).toContainEqual({
          id,
          module: "inventory",
          type: "documentlibrary",
          fileName: "Deed of the house.pdf",
          lastName: "Example",
          description: "Deed",
          assignedModule: null,
          assignedType: null,
          assignedCustomPosition: null,
          assignedDocument: null,
          date: expect.any(Number),
          contentType: "application/pdf",
          size: pdf.length,
        });
        const counts = (await call(ann, "GET", "/api/documents/inventory/count")).json();
        expect(counts.documentlibrary).toBe(list.json().length);

        const download = await call(
          ann,
          "GET",
          `${base(id)}/download/${encodeURIComponent("Deed of the house.pdf")}/`,
        );
        expect(download.statusCode).toBe(200);
        expect(download.rawPayload.equals(pdf)).toBe(true);
        expect(download.headers["content-type"]).toBe("application/pdf");
        expect(download.headers["content-length"]).toBe(String(pdf.length));
        expect(download.headers["content-disposition"]).toBe(
          `attachment; filename="Deed of the house.pdf"; filename*=UTF-8''Deed%20of%20the%20house.pdf`,
        );
        expect(download.headers["x-content-type-options"]).toBe("nosniff");
        expect(download.headers["cache-control"]).toBe("private, no-store");
        expect(download.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");

        const inline = await call(ann, "GET", `${base(id)}/download/x.pdf/?inline=1`);
        expect(inline.statusCode).toBe(200);
        expect(inline.rawPayload.equals(pdf)).toBe(true);
        expect(inline.headers["content-disposition"]).toMatch(/^inline; filename="Deed of the house.pdf"/);
        expect(inline.headers["content-type"]).toBe("application/pdf");
        expect(inline.headers["x-content-type-options"]).toBe("nosniff");
        expect(inline.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
      });

      it("answers a malformed multipart body with 400 in the error shape, keeping the file it had", async () => {
        const id = await createDocument(ann);
        const kept = await upload(ann, `${base(id)}/upload`, {
          filename: "kept.pdf",
          content: makePdf(MARKER),
        });
        expect(kept.statusCode, kept.body).toBe(200);
        const blobsBefore = await blobsOf(ann);
        const good = multipart({ filename: "new.pdf", content: makePdf("new") });
        const boundary = good.headers["content-type"]?.split("boundary=")[1] ?? "";
        const bodies: { name: string; payload: Buffer; type: string }[] = [
          { name: "no boundary", payload: good.payload, type: "multipart/form-data" },
          {
            name: "truncated part",
            payload: good.payload.subarray(0, good.payload.length / 2),
            type: `multipart/form-data; boundary=${boundary}`,
          },
          {
            name: "no closing boundary",
            payload: good.payload.subarray(0, good.payload.length - 10),
            type: `multipart/form-data; boundary=${boundary}`,
          },
          {
            name: "garbage",
            payload: Buffer.from("not multipart at all"),
            type: `multipart/form-data; boundary=${boundary}`,
          },
          { name: "a field, not a file", payload: multipart(null, { file: "hello" }).payload, type: "" },
          {
            name: "bad part headers",
            payload: Buffer.from(
              `--${boundary}\r\nContent-Disposition: nonsense\r\n\r\nx\r\n--${boundary}--\r\n`,
            ),
            type: `multipart/form-data; boundary=${boundary}`,
          },
        ];
        for (const body of bodies) {
          const fields = body.name === "a field, not a file" ? multipart(null, { file: "hello" }) : null;
          const answer = await call(ann, "POST", `${base(id)}/upload`, {
            payload: fields?.payload ?? body.payload,
            headers: { "content-type": fields?.headers["content-type"] ?? body.type },
          });
          expect(answer.statusCode, `${body.name}: ${answer.body}`).toBe(400);
          expect(answer.json().error.code, body.name).toMatch(/^(bad_request|validation_failed)$/);
          expect(answer.json().error.message, body.name).toEqual(expect.any(String));
        }
        expect(await blobsOf(ann)).toEqual(blobsBefore);
        const download = await call(ann, "GET", `${base(id)}/download/kept.pdf/`);
        expect(download.rawPayload.includes(MARKER)).toBe(true);
      });
    });

    describe("files attached to records", () => {
      it("lists the documents attached to records apart from the library's own, for their owner only", async () => {
        const library = await createDocument(ann);
        const onWill = await createDocument(ann, {
          module: "inventory",
          type: "will",
          assignedModule: "inventory",
          assignedType: "will",
          assignedDocument: RECORD_ID,
        });
        const listed = await call(ann, "GET", "/api/documents/on-records");
        expect(listed.statusCode, listed.body).toBe(200);
        const ids = listed.json().map((item: { id: string }) => item.id);
        expect(ids).toContain(onWill);
        expect(ids).not.toContain(library);
        expect(listed.json().find((item: { id: string }) => item.id === onWill)).toMatchObject({
          module: "inventory",
          type: "will",
          assignedDocument: RECORD_ID,
        });
        expect((await call(bob, "GET", "/api/documents/on-records")).json()).not.toContainEqual(
          expect.objectContaining({ id: onWill }),
        );
      });

      it("links a file attached before its record existed to the record once saved, and unlinks it when the record goes", async () => {
        const early = await createDocument(ann, {
          module: "inventory",
          type: "will",
          assignedModule: "inventory",
          assignedType: "will",
        });
        const refs = sampleRefsOf(test, ann);
        const body = { ...(await sampleRecord(categoryDef("will"), refs)), documents: [early] };
        const saved = await call(ann, "POST", "/api/records/inventory/will", { payload: body });
        expect(saved.statusCode, saved.body).toBe(200);
        const recordId = saved.json();
        const linked = async () =>
          (await call(ann, "GET", "/api/documents/on-records"))
            .json()
            .find((item: { id: string }) => item.id === early)?.assignedDocument;
        expect(await linked()).toBe(recordId);
        expect((await call(ann, "DELETE", `/api/records/inventory/will/${recordId}`)).statusCode).toBe(204);
        expect(await linked()).toBeNull();
      });
    });

    describe("file names, types and sizes", () => {
      it("keeps a file name in any script, with an ASCII fallback in the header", async () => {
        const id = await createDocument(ann);
        const name = "Relevé d’été 2024 — 税.txt";
        const uploaded = await upload(ann, `${base(id)}/upload`, { filename: name, content: "Bonjour" });
        expect(uploaded.json().fileName).toBe(name);
        const download = await call(ann, "GET", `${base(id)}/download/${encodeURIComponent(name)}/`);
        expect(download.headers["content-type"]).toBe("text/plain; charset=utf-8");
        expect(download.headers["content-disposition"]).toBe(
          `attachment; filename="Relev_ d__t_ 2024 _ _.txt"; filename*=UTF-8''${encodeURIComponent(name)}`,
        );
      });

      it("strips bidi controls from a file name, so it cannot pass for another type", async () => {
        const id = await createDocument(ann);
        const uploaded = await upload(ann, `${base(id)}/upload`, {
          filename: "invoice\u202Efdp.exe",
          content: "not a pdf",
        });
        expect(uploaded.json().fileName).toBe("invoicefdp.exe");
        const saved = await call(ann, "POST", "/api/documents", {
          payload: { module: "inventory", type: "documentlibrary", fileName: "a\u2067b\u2069c\u202Dd.pdf" },
        });
        const listed = await call(ann, "GET", "/api/documents/inventory/type/documentlibrary");
        expect(JSON.stringify(listed.json())).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
        expect(saved.statusCode).toBe(200);
      });

      it("takes the type from the content: a text file named .pdf is text, never opened inline", async () => {
        const id = await createDocument(ann);
        const uploaded = await upload(ann, `${base(id)}/upload`, {
          filename: "invoice.pdf",
          contentType: "application/pdf",
          content: "<script>alert(1)</script> not a PDF",
        });
        expect(uploaded.statusCode).toBe(200);
        expect(uploaded.json().contentType).toBe("text/plain");
        const inline = await call(ann, "GET", `${base(id)}/download/invoice.pdf/?inline=1`);
        expect(inline.headers["content-type"]).toBe("text/plain; charset=utf-8");
        expect(inline.headers["content-disposition"]).toMatch(/^attachment;/);
        expect(inline.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
      });

      it("refuses executables and files of other types with 415, in the caller's language, storing nothing", async () => {
        const id = await createDocument(ann);
        const before = await blobsOf(ann);
        const exe = await upload(ann, `${base(id)}/upload`, {
          filename: "report.pdf",
          contentType: "application/pdf",
          content: makeExe(),
        });
        expect(exe.statusCode).toBe(415);
        expect(exe.json().error).toEqual({
          code: "unsupported_media_type",
          message:
            "This type of file is not accepted. Upload a PDF, a photo (JPEG, PNG, WebP, HEIC), a Word, Excel or PowerPoint document, or a plain text file.",
        });
        const zip = await upload(ann, `${base(id)}/upload`, {
          filename: "photos.zip",
          content: Buffer.concat([Buffer.from("PK\x03\x04"), Buffer.alloc(100, 1)]),
        });
        expect(zip.statusCode).toBe(415);
        const french = await upload(lea, `${base(await createDocument(lea))}/upload`, {
          filename: "setup.exe",
          content: makeExe(),
        });
        expect(french.json().error.message).toMatch(/^Ce type de fichier n’est pas accepté/);
        const binary = await upload(ann, `${base(id)}/upload`, {
          filename: "a.txt",
          content: Buffer.from([0x41, 0x00, 0x42]),
        });
        expect(binary.statusCode).toBe(415);
        const empty = await upload(ann, `${base(id)}/upload`, { filename: "empty.txt", content: "" });
        expect(empty.statusCode).toBe(400);
        expect(empty.json().error.fields).toEqual({ file: "This file is empty." });
        expect(await blobsOf(ann)).toEqual(before);
        expect((await call(ann, "GET", base(id))).json().contentType).toBeNull();
      });

      it("accepts 5 MB, refuses 5 MB + 1 byte with 413 and keeps the previous file, leaving no blob behind", async () => {
        const id = await createDocument(ann);
        const pdf = makePdf("previous");
        expect(
          (await upload(ann, `${base(id)}/upload`, { filename: "previous.pdf", content: pdf })).statusCode,
        ).toBe(200);
        const blobsBefore = await blobsOf(ann);
        const previousBlob = await blobOfDocument(id);

        const tooLarge = await upload(ann, `${base(id)}/upload`, {
          filename: "big.txt",
          content: Buffer.alloc(LIMITS.uploadBytesMax + 1, "a"),
        });
        expect(tooLarge.statusCode).toBe(413);
        // The rest of the body is never read: the connection is not reused for another request.
        expect(tooLarge.headers.connection).toBe("close");
        expect(tooLarge.json().error).toEqual({
          code: "payload_too_large",
          message: "File must be smaller than 5MB!",
        });
        const french = await upload(lea, `${base(await createDocument(lea))}/upload`, {
          filename: "big.pdf",
          content: Buffer.concat([makePdf("x"), Buffer.alloc(LIMITS.uploadBytesMax)]),
        });
        expect(french.statusCode).toBe(413);
        expect(french.json().error.message).toBe("Le fichier doit faire moins de 5 Mo !");

        expect(await blobsOf(ann)).toEqual(blobsBefore);
        expect(await blobOfDocument(id)).toBe(previousBlob);
        const kept = await call(ann, "GET", `${base(id)}/download/previous.pdf/`);
        expect(kept.rawPayload.equals(pdf)).toBe(true);

        const exactly = Buffer.alloc(LIMITS.uploadBytesMax, "b");
        const accepted = await upload(ann, `${base(id)}/upload`, {
          filename: "exactly-5mb.txt",
          content: exactly,
        });
        expect(accepted.statusCode).toBe(200);
        expect(accepted.json().size).toBe(LIMITS.uploadBytesMax);
        expect(
          (await call(ann, "GET", `${base(id)}/download/exactly-5mb.txt/`)).rawPayload.equals(exactly),
        ).toBe(true);
      });

      it("replaces a document's file and deletes the replaced blob", async () => {
        const id = await createDocument(ann);
        await upload(ann, `${base(id)}/upload`, { filename: "first.pdf", content: makePdf("first") });
        const first = await blobOfDocument(id);
        const replaced = await upload(ann, `${base(id)}/upload`, {
          filename: "scan.png",
          content: makePng(),
        });
        expect(replaced.json()).toMatchObject({ fileName: "scan.png", contentType: "image/png" });
        const second = await blobOfDocument(id);
        expect(second).not.toBe(first);
        const blobs = await blobsOf(ann);
        expect(blobs).toContain(second);
        expect(blobs).not.toContain(first);
        const download = await call(ann, "GET", `${base(id)}/download/scan.png/`);
        expect(download.rawPayload.equals(makePng())).toBe(true);
        expect(download.headers["content-type"]).toBe("image/png");
      });
    });

    describe("the library and its records", () => {
      it("runs the inventory add flow, and deleting the library document deletes its record", async () => {
        const records = "/api/records/inventory/documentlibrary";
        const details = {
          description: "Birth certificate",
          assignedModule: "personaldata",
          assignedType: "passport",
        };
        const id = await createDocument(ann, details);
        const created = await call(ann, "POST", records, {
          payload: { ...details, libraryDocType: "birthCertificate", documents: [id] },
        });
        expect(created.statusCode, created.body).toBe(200);
        const recordId: string = created.json();
        await createDocument(ann, { id, ...details, assignedDocument: recordId });
        const uploaded = await upload(ann, `${base(id)}/upload`, {
          filename: "birth.pdf",
          content: makePdf("birth"),
        });
        expect(uploaded.statusCode, uploaded.body).toBe(200);
        expect(uploaded.json()).toMatchObject({ assignedDocument: recordId, fileName: "birth.pdf" });
        expect((await call(ann, "GET", `${records}/${recordId}`)).json().body.documents).toEqual([id]);
        expect((await call(ann, "GET", "/api/records/inventory/count")).json().documentlibrary).toBe(1);

        // A library document pointing at a record of another category leaves that record alone.
        const passport = await call(ann, "POST", "/api/records/personaldata/passport", {
          payload: await sampleRecord(categoryDef("passport"), sampleRefsOf(test, ann)),
        });
        expect(passport.statusCode, passport.body).toBe(200);
        const strayId = await createDocument(ann, { assignedDocument: passport.json() });
        expect((await call(ann, "DELETE", base(strayId))).statusCode).toBe(204);
        expect(
          (await call(ann, "GET", `/api/records/personaldata/passport/${passport.json()}`)).statusCode,
        ).toBe(200);

        // The record's search terms go with it, in the entry's transaction (the record hooks are told).
        const termsOf = async (subjectId: string) =>
          (
            await test.database.db
              .selectFrom("search_term")
              .select("subject_id")
              .where("subject_id", "=", subjectId)
              .execute()
          ).length;
        expect(await termsOf(recordId)).toBeGreaterThan(0);
        expect((await call(ann, "DELETE", base(id))).statusCode).toBe(204);
        expect((await call(ann, "GET", `${records}/${recordId}`)).statusCode).toBe(404);
        expect((await call(ann, "GET", "/api/records/inventory/count")).json().documentlibrary).toBe(0);
        expect(await termsOf(recordId)).toBe(0);
        expect(await blobOfDocument(id)).toBeNull();
      });

      it("removes a file by its name and keeps the document; then removes the document", async () => {
        const id = await createDocument(ann, { description: "kept" });
        await upload(ann, `${base(id)}/upload`, { filename: "will.pdf", content: makePdf("will") });
        const blob = await blobOfDocument(id);
        expect((await call(ann, "DELETE", `${base(id)}/delete/other.pdf/`)).statusCode).toBe(404);
        expect(await blobsOf(ann)).toContain(blob);

        expect((await call(ann, "DELETE", `${base(id)}/delete/will.pdf/`)).statusCode).toBe(204);
        expect((await call(ann, "GET", base(id))).json()).toMatchObject({
          description: "kept",
          fileName: null,
          contentType: null,
          size: null,
        });
        expect((await call(ann, "GET", `${base(id)}/download/will.pdf/`)).statusCode).toBe(404);
        expect(await blobsOf(ann)).not.toContain(blob);

        await upload(ann, `${base(id)}/upload`, { filename: "again.pdf", content: makePdf("again") });
        const again = await blobOfDocument(id);
        expect((await call(ann, "DELETE", base(id))).statusCode).toBe(204);
        expect((await call(ann, "GET", base(id))).statusCode).toBe(404);
        expect(await blobsOf(ann)).not.toContain(again);
        expect((await call(ann, "DELETE", base(id))).statusCode).toBe(404);
      });

      it("lists a record's attachments and counts documents filed under a category", async () => {
        const record = "7d1e4c2a-9b3f-4a6e-8c5d-1f2e3a4b5c6d";
        const first = await createDocument(ann, { assignedDocument: record, assignedCustomPosition: "0" });
        const second = await createDocument(ann, { assignedDocument: record, assignedCustomPosition: "1" });
        await createDocument(bob, { assignedDocument: record });
        const attached = await call(ann, "GET", `/api/documents/file/list/document/${record}`);
        expect(attached.statusCode).toBe(200);
        expect(
          attached
            .json()
            .map((item: { id: string; assignedCustomPosition: string }) => [
              item.id,
              item.assignedCustomPosition,
            ]),
        ).toEqual([
          [first, "0"],
          [second, "1"],
        ]);

        await createDocument(ann, { assignedModule: "personaldata", assignedType: "healthcard" });
        await createDocument(ann, { assignedModule: "personaldata", assignedType: "healthcard" });
        await createDocument(ann, { assignedModule: "personaldata", assignedType: "passport" });
        await createDocument(bob, { assignedModule: "personaldata", assignedType: "healthcard" });
        const count = await call(ann, "GET", "/api/documents/inventory/personaldata/healthcard/count");
        expect(count.statusCode).toBe(200);
        expect(count.json()).toEqual({ healthcard: 2 });
        expect(
          (await call(ann, "GET", "/api/documents/assets/personaldata/healthcard/count")).json(),
        ).toEqual({
          healthcard: 0,
        });

        await createDocument(ann, { module: "personaldata", type: "passport" });
        expect((await call(ann, "GET", "/api/documents/personaldata/count")).json()).toEqual({ passport: 1 });
        expect((await call(ann, "GET", "/api/documents/passwordvault/count")).json()).toEqual({});
      });

      it("downloads a file through the variant naming where it is filed, for its owner only", async () => {
        const id = await createDocument(ann, { assignedModule: "personaldata", assignedType: "passport" });
        const pdf = makePdf("filed passport");
        await upload(ann, `${base(id)}/upload`, { filename: "passport.pdf", content: pdf });
        const filed = `/api/documents/inventory/personaldata/passport/${id}/download/passport.pdf/`;

        const download = await call(ann, "GET", filed);
        expect(download.statusCode).toBe(200);
        expect(download.rawPayload.equals(pdf)).toBe(true);
        expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="passport.pdf"/);
        expect(download.headers["cache-control"]).toBe("private, no-store");
        const inline = await call(ann, "GET", `${filed}?inline=1`);
        expect(inline.headers["content-disposition"]).toMatch(/^inline; filename="passport.pdf"/);

        expect((await call(bob, "GET", filed)).statusCode).toBe(404);
        expect((await call(null, "GET", filed)).statusCode).toBe(401);
        const elsewhere = `/api/documents/inventory/personaldata/driverlicence/${id}/download/passport.pdf/`;
        expect((await call(ann, "GET", elsewhere)).statusCode).toBe(404);
        const notACategory = await call(
          ann,
          "GET",
          `/api/documents/inventory/personaldata/will/${id}/download/x.pdf/`,
        );
        expect(notACategory.statusCode).toBe(400);
        expect(notACategory.json().error.fields).toHaveProperty("type");
      });
    });

    describe("refusals", () => {
      it("answers 404 for another account's document on every route, and shows it in no list", async () => {
        const id = await createDocument(ann, {
          assignedDocument: RECORD_ID,
          assignedModule: "assets",
          assignedType: "insurance",
        });
        await upload(ann, `${base(id)}/upload`, { filename: "policy.pdf", content: makePdf("policy") });
        const blob = await blobOfDocument(id);
        const routes = [
          ["GET", base(id)],
          ["GET", `${base(id)}/download/policy.pdf/`],
          ["DELETE", `${base(id)}/delete/policy.pdf/`],
          ["DELETE", base(id)],
        ] as const;
        for (const [method, url] of routes) {
          expect((await call(bob, method, url)).statusCode, `${method} ${url}`).toBe(404);
        }
        expect(
          (await upload(bob, `${base(id)}/upload`, { filename: "mine.pdf", content: makePdf("bob") }))
            .statusCode,
        ).toBe(404);
        expect(
          (
            await call(bob, "POST", "/api/documents", {
              payload: { id, module: "inventory", type: "documentlibrary" },
            })
          ).statusCode,
        ).toBe(404);
        const bobLists = [
          "/api/documents/inventory/type/documentlibrary",
          `/api/documents/file/list/document/${RECORD_ID}`,
        ];
        for (const url of bobLists) {
          expect((await call(bob, "GET", url)).json().map((item: { id: string }) => item.id)).not.toContain(
            id,
          );
        }
        expect((await call(bob, "GET", "/api/documents/inventory/assets/insurance/count")).json()).toEqual({
          insurance: 0,
        });
        // Reached through another module or type, one's own document is not found either.
        expect((await call(ann, "GET", base(id, "inventory", "will"))).statusCode).toBe(404);
        expect((await call(ann, "GET", base(id, "assets", "insurance"))).statusCode).toBe(404);
        expect((await call(ann, "GET", `${base(id)}/download/policy.pdf/`)).statusCode).toBe(200);
        expect(await blobOfDocument(id)).toBe(blob);
      });

      it("answers 415 to an upload that is not multipart and 400 to one without its file field", async () => {
        const id = await createDocument(ann);
        const json = await call(ann, "POST", `${base(id)}/upload`, { payload: { file: "x" } });
        expect(json.statusCode).toBe(415);
        const wrongField = await upload(ann, `${base(id)}/upload`, {
          name: "document",
          filename: "a.txt",
          content: "hello",
        });
        expect(wrongField.statusCode).toBe(400);
        expect(wrongField.json().error.fields).toEqual({ file: "Choose a file to upload." });
        const none = await upload(ann, `${base(id)}/upload`, null);
        expect(none.statusCode).toBe(400);
      });

      it("answers 400 to a multipart body cut off halfway, storing nothing", async () => {
        const id = await createDocument(ann);
        const before = await blobsOf(ann);
        const body = multipart({ filename: "cut.txt", content: Buffer.alloc(300_000, "c") });
        const cut = await call(ann, "POST", `${base(id)}/upload`, {
          payload: body.payload.subarray(0, 200_000),
          headers: body.headers,
        });
        expect(cut.statusCode).toBe(400);
        expect(await blobsOf(ann)).toEqual(before);
        expect(await blobOfDocument(id)).toBeNull();
      });
    });

    describe("what is kept at rest, and an account ended", () => {
      it("keeps no uploaded plaintext, file name or description in the database or the blob store", async () => {
        const id = await createDocument(ann);
        const secretText = `${MARKER} ${"account 12345678 ".repeat(2000)}`;
        await upload(ann, `${base(id)}/upload`, { filename: "statement.txt", content: secretText });
        await upload(ann, `${base(await createDocument(ann))}/upload`, {
          filename: "scan.pdf",
          content: makePdf(MARKER),
        });
        expect((await call(ann, "GET", `${base(id)}/download/statement.txt/`)).body).toBe(secretText);
        // What a user types about a document is encrypted like the file: its name, description, last name.
        const text = {
          fileName: "Typed-Name-Marker-5e21.pdf",
          description: "Description-Marker-8a4c",
          lastName: "LastName-Marker-d93f",
        };
        const uploaded = "Uploaded-Name-Marker-27b6.pdf";
        const described = await createDocument(ann, text);
        const named = await createDocument(ann, text);
        await upload(ann, `${base(named)}/upload`, { filename: uploaded, content: makePdf("named") });
        expect((await call(ann, "GET", base(described))).json()).toMatchObject({
          ...text,
          filename: text.fileName,
        });
        expect((await call(ann, "GET", base(named))).json()).toMatchObject({ ...text, fileName: uploaded });
        expect(
          (await call(ann, "GET", `${base(named)}/download/${uploaded}/`)).headers["content-disposition"],
        ).toContain(uploaded);
        const markers = [...Object.values(text), uploaded];

        const stored: Buffer[] = [];
        if (dialect === "sqlite") {
          for (const name of await readdir(test.config.dataDir)) {
            if (name.startsWith("kinfile.sqlite"))
              stored.push(await readFile(path.join(test.config.dataDir, name)));
          }
        } else {
          const rows = await test.database.db.selectFrom("document").selectAll().execute();
          stored.push(Buffer.from(JSON.stringify(rows)));
        }
        const chunks = await test.database.db.selectFrom("blob_chunk").select("bytes").execute();
        stored.push(...chunks.map((row) => Buffer.from(row.bytes)));
        const files = await readdir(blobsDir(test.config.dataDir), {
          recursive: true,
          withFileTypes: true,
        }).catch(() => []);
        for (const file of files)
          if (file.isFile()) stored.push(await readFile(path.join(file.parentPath, file.name)));

        const everything = Buffer.concat(stored);
        expect(everything.length).toBeGreaterThan(secretText.length);
        expect(everything.includes(MARKER)).toBe(false);
        expect(everything.includes("account 12345678")).toBe(false);
        for (const marker of markers) expect(everything.includes(marker), marker).toBe(false);
      });

      it("deletes an account's documents and their files with the account", async () => {
        const doomed = await createSignedInUser(test, { name: "Dora" });
        const id = await createDocument(doomed);
        await upload(doomed, `${base(id)}/upload`, { filename: "a.pdf", content: makePdf("doomed") });
        expect(await blobsOf(doomed)).toHaveLength(1);
        const kept = await blobsOf(ann);
        const deleted = await call(doomed, "DELETE", "/api/account", {
          payload: { password: TEST_PASSWORD, confirmation: "DELETE" },
        });
        expect(deleted.statusCode, deleted.body).toBe(204);
        expect(await blobsOf(doomed)).toEqual([]);
        expect(
          await test.database.db
            .selectFrom("document")
            .select("id")
            .where("owner_id", "=", doomed.id)
            .execute(),
        ).toEqual([]);
        expect(await blobsOf(ann)).toEqual(kept);
      });
    });
  },
);

describe.each(testDialects())("documents access on %s", (dialect) => {
  let test: TestApp;
  let free: TestUser;
  beforeAll(async () => {
    // With billing on, a new account holds neither subscriber nor b2b until it subscribes.
    test = await buildTestApp(dialect, { config: { billing: stripeBilling() } });
    free = await createSignedInUser(test);
  });
  afterAll(() => test.close());

  const routes = [
    ["POST", "/api/documents"],
    ["POST", `/api/documents/inventory/documentlibrary/${MISSING_ID}/upload`],
    ["GET", "/api/documents/inventory/type/documentlibrary"],
    ["GET", `/api/documents/inventory/documentlibrary/${MISSING_ID}`],
    ["GET", "/api/documents/inventory/count"],
    ["GET", "/api/documents/inventory/personaldata/passport/count"],
    ["GET", `/api/documents/file/list/document/${MISSING_ID}`],
    ["GET", `/api/documents/inventory/documentlibrary/${MISSING_ID}/download/a.pdf/`],
    ["DELETE", `/api/documents/inventory/documentlibrary/${MISSING_ID}/delete/a.pdf/`],
    ["DELETE", `/api/documents/inventory/documentlibrary/${MISSING_ID}`],
    ["DELETE", `/api/documents/pending/${MISSING_ID}`],
  ] as const;

  it("answers 403 on every route to an account with neither subscriber nor b2b, and 401 to no one", async () => {
    for (const [method, url] of routes) {
      const refused = await request(test, {
        method,
        url,
        cookie: free.cookie,
        payload: { module: "inventory", type: "documentlibrary" },
      });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await request(test, { method, url });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("declares the subscriber rule on every document route", () => {
    const documentRoutes = test.app.routeAccess.filter((route) => route.url.startsWith("/api/documents"));
    expect(documentRoutes.length).toBeGreaterThanOrEqual(routes.length);
    expect(new Set(documentRoutes.map((route) => route.access))).toEqual(new Set(["subscriber"]));
  });
});
