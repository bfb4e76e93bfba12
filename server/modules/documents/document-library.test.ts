import { describe, expect, it } from "vitest";
import { categoryDef } from "../../../domain/sections/index.ts";
import { makePdf } from "../../testing/document-files.ts";
import { DOCUMENT_BACKENDS, documentsApi } from "../../testing/documents-api.ts";
import { sampleRecord, sampleRefsOf } from "../../testing/record-samples.ts";

describe.each(DOCUMENT_BACKENDS)(
  "the document library on $dialect with the $blobStore blob store",
  ({ dialect, blobStore }) => {
    const api = documentsApi({ dialect, blobStore });
    const { call, createDocument, upload, base, blobsOf, blobOfDocument } = api;

    describe("the library and its records", () => {
      it("runs the inventory add flow, and deleting the library document deletes its record", async () => {
        const records = "/api/records/inventory/documentlibrary";
        const details = {
          description: "Birth certificate",
          assignedModule: "personaldata",
          assignedType: "passport",
        };
        const id = await createDocument(api.ann, details);
        const created = await call(api.ann, "POST", records, {
          payload: { ...details, libraryDocType: "birthCertificate", documents: [id] },
        });
        expect(created.statusCode, created.body).toBe(200);
        const recordId: string = created.json();
        await createDocument(api.ann, { id, ...details, assignedDocument: recordId });
        const uploaded = await upload(api.ann, `${base(id)}/upload`, {
          filename: "birth.pdf",
          content: makePdf("birth"),
        });
        expect(uploaded.statusCode, uploaded.body).toBe(200);
        expect(uploaded.json()).toMatchObject({ assignedDocument: recordId, fileName: "birth.pdf" });
        expect((await call(api.ann, "GET", `${records}/${recordId}`)).json().body.documents).toEqual([id]);
        expect((await call(api.ann, "GET", "/api/records/inventory/count")).json().documentlibrary).toBe(1);

        // A library document pointing at a record of another category leaves that record alone.
        const passport = await call(api.ann, "POST", "/api/records/personaldata/passport", {
          payload: await sampleRecord(categoryDef("passport"), sampleRefsOf(api.test, api.ann)),
        });
        expect(passport.statusCode, passport.body).toBe(200);
        const strayId = await createDocument(api.ann, { assignedDocument: passport.json() });
        expect((await call(api.ann, "DELETE", base(strayId))).statusCode).toBe(204);
        expect(
          (await call(api.ann, "GET", `/api/records/personaldata/passport/${passport.json()}`)).statusCode,
        ).toBe(200);

        // The record's search terms go with it, in the entry's transaction (the record hooks are told).
        const termsOf = async (subjectId: string) =>
          (
            await api.test.database.db
              .selectFrom("search_term")
              .select("subject_id")
              .where("subject_id", "=", subjectId)
              .execute()
          ).length;
        expect(await termsOf(recordId)).toBeGreaterThan(0);
        expect((await call(api.ann, "DELETE", base(id))).statusCode).toBe(204);
        expect((await call(api.ann, "GET", `${records}/${recordId}`)).statusCode).toBe(404);
        expect((await call(api.ann, "GET", "/api/records/inventory/count")).json().documentlibrary).toBe(0);
        expect(await termsOf(recordId)).toBe(0);
        expect(await blobOfDocument(id)).toBeNull();
      });

      it("removes a file by its name and keeps the document; then removes the document", async () => {
        const id = await createDocument(api.ann, { description: "kept" });
        await upload(api.ann, `${base(id)}/upload`, { filename: "will.pdf", content: makePdf("will") });
        const blob = await blobOfDocument(id);
        expect((await call(api.ann, "DELETE", `${base(id)}/delete/other.pdf/`)).statusCode).toBe(404);
        expect(await blobsOf(api.ann)).toContain(blob);

        expect((await call(api.ann, "DELETE", `${base(id)}/delete/will.pdf/`)).statusCode).toBe(204);
        expect((await call(api.ann, "GET", base(id))).json()).toMatchObject({
          description: "kept",
          fileName: null,
          contentType: null,
          size: null,
        });
        expect((await call(api.ann, "GET", `${base(id)}/download/will.pdf/`)).statusCode).toBe(404);
        expect(await blobsOf(api.ann)).not.toContain(blob);

        await upload(api.ann, `${base(id)}/upload`, { filename: "again.pdf", content: makePdf("again") });
        const again = await blobOfDocument(id);
        expect((await call(api.ann, "DELETE", base(id))).statusCode).toBe(204);
        expect((await call(api.ann, "GET", base(id))).statusCode).toBe(404);
        expect(await blobsOf(api.ann)).not.toContain(again);
        expect((await call(api.ann, "DELETE", base(id))).statusCode).toBe(404);
      });

      it("lists a record's attachments and counts documents filed under a category", async () => {
        const record = "7d1e4c2a-9b3f-4a6e-8c5d-1f2e3a4b5c6d";
        const first = await createDocument(api.ann, {
          assignedDocument: record,
          assignedCustomPosition: "0",
        });
        const second = await createDocument(api.ann, {
          assignedDocument: record,
          assignedCustomPosition: "1",
        });
        await createDocument(api.bob, { assignedDocument: record });
        const attached = await call(api.ann, "GET", `/api/documents/file/list/document/${record}`);
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

        await createDocument(api.ann, { assignedModule: "personaldata", assignedType: "healthcard" });
        await createDocument(api.ann, { assignedModule: "personaldata", assignedType: "healthcard" });
        await createDocument(api.ann, { assignedModule: "personaldata", assignedType: "passport" });
        await createDocument(api.bob, { assignedModule: "personaldata", assignedType: "healthcard" });
        const count = await call(api.ann, "GET", "/api/documents/inventory/personaldata/healthcard/count");
        expect(count.statusCode).toBe(200);
        expect(count.json()).toEqual({ healthcard: 2 });
        expect(
          (await call(api.ann, "GET", "/api/documents/assets/personaldata/healthcard/count")).json(),
        ).toEqual({
          healthcard: 0,
        });

        await createDocument(api.ann, { module: "personaldata", type: "passport" });
        expect((await call(api.ann, "GET", "/api/documents/personaldata/count")).json()).toEqual({
          passport: 1,
        });
        expect((await call(api.ann, "GET", "/api/documents/passwordvault/count")).json()).toEqual({});
      });

      it("downloads a file through the variant naming where it is filed, for its owner only", async () => {
        const id = await createDocument(api.ann, {
          assignedModule: "personaldata",
          assignedType: "passport",
        });
        const pdf = makePdf("filed passport");
        await upload(api.ann, `${base(id)}/upload`, { filename: "passport.pdf", content: pdf });
        const filed = `/api/documents/inventory/personaldata/passport/${id}/download/passport.pdf/`;

        const download = await call(api.ann, "GET", filed);
        expect(download.statusCode).toBe(200);
        expect(download.rawPayload.equals(pdf)).toBe(true);
        expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="passport.pdf"/);
        expect(download.headers["cache-control"]).toBe("private, no-store");
        const inline = await call(api.ann, "GET", `${filed}?inline=1`);
        expect(inline.headers["content-disposition"]).toMatch(/^inline; filename="passport.pdf"/);

        expect((await call(api.bob, "GET", filed)).statusCode).toBe(404);
        expect((await call(null, "GET", filed)).statusCode).toBe(401);
        const elsewhere = `/api/documents/inventory/personaldata/driverlicence/${id}/download/passport.pdf/`;
        expect((await call(api.ann, "GET", elsewhere)).statusCode).toBe(404);
        const notACategory = await call(
          api.ann,
          "GET",
          `/api/documents/inventory/personaldata/will/${id}/download/x.pdf/`,
        );
        expect(notACategory.statusCode).toBe(400);
        expect(notACategory.json().error.fields).toHaveProperty("type");
      });
    });
  },
);
