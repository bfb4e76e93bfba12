import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { blobsDir } from "../../storage/open-blob-store.ts";
import { makePdf, multipart } from "../../testing/document-files.ts";
import { DOCUMENT_BACKENDS, documentsApi, MARKER, RECORD_ID } from "../../testing/documents-api.ts";
import { createSignedInUser, TEST_PASSWORD } from "../../testing/identity.ts";

describe.each(DOCUMENT_BACKENDS)(
  "documents refused, kept at rest and ended on $dialect with the $blobStore blob store",
  ({ dialect, blobStore }) => {
    const api = documentsApi({ dialect, blobStore });
    const { call, createDocument, upload, base, blobsOf, blobOfDocument } = api;

    describe("refusals", () => {
      it("answers 404 for another account's document on every route, and shows it in no list", async () => {
        const id = await createDocument(api.ann, {
          assignedDocument: RECORD_ID,
          assignedModule: "assets",
          assignedType: "insurance",
        });
        await upload(api.ann, `${base(id)}/upload`, { filename: "policy.pdf", content: makePdf("policy") });
        const blob = await blobOfDocument(id);
        const routes = [
          ["GET", base(id)],
          ["GET", `${base(id)}/download/policy.pdf/`],
          ["DELETE", `${base(id)}/delete/policy.pdf/`],
          ["DELETE", base(id)],
        ] as const;
        for (const [method, url] of routes) {
          expect((await call(api.bob, method, url)).statusCode, `${method} ${url}`).toBe(404);
        }
        expect(
          (await upload(api.bob, `${base(id)}/upload`, { filename: "mine.pdf", content: makePdf("api.bob") }))
            .statusCode,
        ).toBe(404);
        expect(
          (
            await call(api.bob, "POST", "/api/documents", {
              payload: { id, module: "inventory", type: "documentlibrary" },
            })
          ).statusCode,
        ).toBe(404);
        const bobLists = [
          "/api/documents/inventory/type/documentlibrary",
          `/api/documents/file/list/document/${RECORD_ID}`,
        ];
        for (const url of bobLists) {
          expect(
            (await call(api.bob, "GET", url)).json().map((item: { id: string }) => item.id),
          ).not.toContain(id);
        }
        expect(
          (await call(api.bob, "GET", "/api/documents/inventory/assets/insurance/count")).json(),
        ).toEqual({
          insurance: 0,
        });
        // Reached through another module or type, one's own document is not found either.
        expect((await call(api.ann, "GET", base(id, "inventory", "will"))).statusCode).toBe(404);
        expect((await call(api.ann, "GET", base(id, "assets", "insurance"))).statusCode).toBe(404);
        expect((await call(api.ann, "GET", `${base(id)}/download/policy.pdf/`)).statusCode).toBe(200);
        expect(await blobOfDocument(id)).toBe(blob);
      });

      it("answers 415 to an upload that is not multipart and 400 to one without its file field", async () => {
        const id = await createDocument(api.ann);
        const json = await call(api.ann, "POST", `${base(id)}/upload`, { payload: { file: "x" } });
        expect(json.statusCode).toBe(415);
        const wrongField = await upload(api.ann, `${base(id)}/upload`, {
          name: "document",
          filename: "a.txt",
          content: "hello",
        });
        expect(wrongField.statusCode).toBe(400);
        expect(wrongField.json().error.fields).toEqual({ file: "Choose a file to upload." });
        const none = await upload(api.ann, `${base(id)}/upload`, null);
        expect(none.statusCode).toBe(400);
      });

      it("answers 400 to a multipart body cut off halfway, storing nothing", async () => {
        const id = await createDocument(api.ann);
        const before = await blobsOf(api.ann);
        const body = multipart({ filename: "cut.txt", content: Buffer.alloc(300_000, "c") });
        const cut = await call(api.ann, "POST", `${base(id)}/upload`, {
          payload: body.payload.subarray(0, 200_000),
          headers: body.headers,
        });
        expect(cut.statusCode).toBe(400);
        expect(await blobsOf(api.ann)).toEqual(before);
        expect(await blobOfDocument(id)).toBeNull();
      });
    });

    describe("what is kept at rest, and an account ended", () => {
      it("keeps no uploaded plaintext, file name or description in the database or the blob store", async () => {
        const id = await createDocument(api.ann);
        const secretText = `${MARKER} ${"account 12345678 ".repeat(2000)}`;
        await upload(api.ann, `${base(id)}/upload`, { filename: "statement.txt", content: secretText });
        await upload(api.ann, `${base(await createDocument(api.ann))}/upload`, {
          filename: "scan.pdf",
          content: makePdf(MARKER),
        });
        expect((await call(api.ann, "GET", `${base(id)}/download/statement.txt/`)).body).toBe(secretText);
        // What a user types about a document is encrypted like the file: its name, description, last name.
        const text = {
          fileName: "Typed-Name-Marker-5e21.pdf",
          description: "Description-Marker-8a4c",
          lastName: "LastName-Marker-d93f",
        };
        const uploaded = "Uploaded-Name-Marker-27b6.pdf";
        const described = await createDocument(api.ann, text);
        const named = await createDocument(api.ann, text);
        await upload(api.ann, `${base(named)}/upload`, { filename: uploaded, content: makePdf("named") });
        expect((await call(api.ann, "GET", base(described))).json()).toMatchObject({
          ...text,
          filename: text.fileName,
        });
        expect((await call(api.ann, "GET", base(named))).json()).toMatchObject({
          ...text,
          fileName: uploaded,
        });
        expect(
          (await call(api.ann, "GET", `${base(named)}/download/${uploaded}/`)).headers["content-disposition"],
        ).toContain(uploaded);
        const markers = [...Object.values(text), uploaded];

        const stored: Buffer[] = [];
        if (dialect === "sqlite") {
          for (const name of await readdir(api.test.config.dataDir)) {
            if (name.startsWith("kinfile.sqlite"))
              stored.push(await readFile(path.join(api.test.config.dataDir, name)));
          }
        } else {
          const rows = await api.test.database.db.selectFrom("document").selectAll().execute();
          stored.push(Buffer.from(JSON.stringify(rows)));
        }
        const chunks = await api.test.database.db.selectFrom("blob_chunk").select("bytes").execute();
        stored.push(...chunks.map((row) => Buffer.from(row.bytes)));
        const files = await readdir(blobsDir(api.test.config.dataDir), {
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
        const doomed = await createSignedInUser(api.test, { name: "Dora" });
        const id = await createDocument(doomed);
        await upload(doomed, `${base(id)}/upload`, { filename: "a.pdf", content: makePdf("doomed") });
        expect(await blobsOf(doomed)).toHaveLength(1);
        const kept = await blobsOf(api.ann);
        const deleted = await call(doomed, "DELETE", "/api/account", {
          payload: { password: TEST_PASSWORD, confirmation: "DELETE" },
        });
        expect(deleted.statusCode, deleted.body).toBe(204);
        expect(await blobsOf(doomed)).toEqual([]);
        expect(
          await api.test.database.db
            .selectFrom("document")
            .select("id")
            .where("owner_id", "=", doomed.id)
            .execute(),
        ).toEqual([]);
        expect(await blobsOf(api.ann)).toEqual(kept);
      });
    });
  },
);
