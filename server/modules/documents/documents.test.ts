import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../../domain/limits.ts";
import { categoryDef } from "../../../domain/sections/index.ts";
import { stripeBilling } from "../../testing/billing.ts";
import { makePdf, multipart } from "../../testing/document-files.ts";
import {
  DOCUMENT_BACKENDS,
  documentsApi,
  MARKER,
  MISSING_ID,
  RECORD_ID,
} from "../../testing/documents-api.ts";
import { createSignedInUser, request, type TestUser } from "../../testing/identity.ts";
import { sampleRecord, sampleRefsOf } from "../../testing/record-samples.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

describe.each(DOCUMENT_BACKENDS)(
  "documents API on $dialect with the $blobStore blob store",
  ({ dialect, blobStore }) => {
    const api = documentsApi({ dialect, blobStore });
    const { call, createDocument, upload, base, blobsOf } = api;

    describe("metadata", () => {
      it("saves metadata, answers the new id as a JSON string, and reads it back", async () => {
        const response = await call(api.ann, "POST", "/api/documents", {
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
        const one = await call(api.ann, "GET", base(id));
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

        const edited = await call(api.ann, "POST", "/api/documents", {
          payload: { id, module: "inventory", type: "documentlibrary", description: "Copy", lastName: null },
        });
        expect(edited.json()).toBe(id);
        expect((await call(api.ann, "GET", base(id))).json()).toMatchObject({
          description: "Copy",
          lastName: null,
          assignedModule: null,
          fileName: null,
        });
        expect(
          (
            await call(api.ann, "POST", "/api/documents", {
              payload: { id: MISSING_ID, module: "inventory", type: "will" },
            })
          ).statusCode,
        ).toBe(404);
      });

      it("refuses metadata outside the modules and categories, naming the fields", async () => {
        const response = await call(api.ann, "POST", "/api/documents", {
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
        const misplaced = await call(api.ann, "POST", "/api/documents", {
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
            await call(api.ann, "POST", "/api/documents", {
              payload: { module: "documentlibrary", type: "passport" },
            })
          ).statusCode,
        ).toBe(200);
        expect((await call(api.ann, "GET", "/api/documents/personaldata/type/will")).statusCode).toBe(400);
        expect(
          (await call(api.ann, "GET", "/api/documents/inventory/household/passport/count")).statusCode,
        ).toBe(400);
      });
    });

    describe("files", () => {
      it("uploads a PDF, lists, counts, reads and downloads it exactly, as an attachment", async () => {
        const id = await createDocument(api.ann, { lastName: "Example", description: "Deed" });
        const pdf = makePdf(MARKER);
        const uploaded = await upload(api.ann, `${base(id)}/upload`, {
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

        const list = await call(api.ann, "GET", "/api/documents/inventory/type/documentlibrary");
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
        const counts = (await call(api.ann, "GET", "/api/documents/inventory/count")).json();
        expect(counts.documentlibrary).toBe(list.json().length);

        const download = await call(
          api.ann,
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

        const inline = await call(api.ann, "GET", `${base(id)}/download/x.pdf/?inline=1`);
        expect(inline.statusCode).toBe(200);
        expect(inline.rawPayload.equals(pdf)).toBe(true);
        expect(inline.headers["content-disposition"]).toMatch(/^inline; filename="Deed of the house.pdf"/);
        expect(inline.headers["content-type"]).toBe("application/pdf");
        expect(inline.headers["x-content-type-options"]).toBe("nosniff");
        expect(inline.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
      });

      it("answers a malformed multipart body with 400 in the error shape, keeping the file it had", async () => {
        const id = await createDocument(api.ann);
        const kept = await upload(api.ann, `${base(id)}/upload`, {
          filename: "kept.pdf",
          content: makePdf(MARKER),
        });
        expect(kept.statusCode, kept.body).toBe(200);
        const blobsBefore = await blobsOf(api.ann);
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
          const answer = await call(api.ann, "POST", `${base(id)}/upload`, {
            payload: fields?.payload ?? body.payload,
            headers: { "content-type": fields?.headers["content-type"] ?? body.type },
          });
          expect(answer.statusCode, `${body.name}: ${answer.body}`).toBe(400);
          expect(answer.json().error.code, body.name).toMatch(/^(bad_request|validation_failed)$/);
          expect(answer.json().error.message, body.name).toEqual(expect.any(String));
        }
        expect(await blobsOf(api.ann)).toEqual(blobsBefore);
        const download = await call(api.ann, "GET", `${base(id)}/download/kept.pdf/`);
        expect(download.rawPayload.includes(MARKER)).toBe(true);
      });
    });

    describe("files attached to records", () => {
      it("lists the documents attached to records apart from the library's own, for their owner only", async () => {
        const library = await createDocument(api.ann);
        const onWill = await createDocument(api.ann, {
          module: "inventory",
          type: "will",
          assignedModule: "inventory",
          assignedType: "will",
          assignedDocument: RECORD_ID,
        });
        const listed = await call(api.ann, "GET", "/api/documents/on-records");
        expect(listed.statusCode, listed.body).toBe(200);
        const ids = listed.json().map((item: { id: string }) => item.id);
        expect(ids).toContain(onWill);
        expect(ids).not.toContain(library);
        expect(listed.json().find((item: { id: string }) => item.id === onWill)).toMatchObject({
          module: "inventory",
          type: "will",
          assignedDocument: RECORD_ID,
        });
        expect((await call(api.bob, "GET", "/api/documents/on-records")).json()).not.toContainEqual(
          expect.objectContaining({ id: onWill }),
        );
      });

      it("links a file attached before its record existed to the record once saved, and unlinks it when the record goes", async () => {
        const early = await createDocument(api.ann, {
          module: "inventory",
          type: "will",
          assignedModule: "inventory",
          assignedType: "will",
        });
        const refs = sampleRefsOf(api.test, api.ann);
        const body = { ...(await sampleRecord(categoryDef("will"), refs)), documents: [early] };
        const saved = await call(api.ann, "POST", "/api/records/inventory/will", { payload: body });
        expect(saved.statusCode, saved.body).toBe(200);
        const recordId = saved.json();
        const linked = async () =>
          (await call(api.ann, "GET", "/api/documents/on-records"))
            .json()
            .find((item: { id: string }) => item.id === early)?.assignedDocument;
        expect(await linked()).toBe(recordId);
        expect((await call(api.ann, "DELETE", `/api/records/inventory/will/${recordId}`)).statusCode).toBe(
          204,
        );
        expect(await linked()).toBeNull();
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
