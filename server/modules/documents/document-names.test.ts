import { describe, expect, it } from "vitest";
import { LIMITS } from "../../../domain/limits.ts";
import { makeExe, makePdf, makePng } from "../../testing/document-files.ts";
import { DOCUMENT_BACKENDS, documentsApi } from "../../testing/documents-api.ts";

describe.each(DOCUMENT_BACKENDS)(
  "documents' names, types and sizes on $dialect with the $blobStore blob store",
  ({ dialect, blobStore }) => {
    const api = documentsApi({ dialect, blobStore });
    const { call, createDocument, upload, base, blobsOf, blobOfDocument } = api;

    describe("file names, types and sizes", () => {
      it("keeps a file name in any script, with an ASCII fallback in the header", async () => {
        const id = await createDocument(api.ann);
        const name = "Relevé d’été 2024 — 税.txt";
        const uploaded = await upload(api.ann, `${base(id)}/upload`, { filename: name, content: "Bonjour" });
        expect(uploaded.json().fileName).toBe(name);
        const download = await call(api.ann, "GET", `${base(id)}/download/${encodeURIComponent(name)}/`);
        expect(download.headers["content-type"]).toBe("text/plain; charset=utf-8");
        expect(download.headers["content-disposition"]).toBe(
          `attachment; filename="Relev_ d__t_ 2024 _ _.txt"; filename*=UTF-8''${encodeURIComponent(name)}`,
        );
      });

      it("strips bidi controls from a file name, so it cannot pass for another type", async () => {
        const id = await createDocument(api.ann);
        const uploaded = await upload(api.ann, `${base(id)}/upload`, {
          filename: "invoice\u202Efdp.exe",
          content: "not a pdf",
        });
        expect(uploaded.json().fileName).toBe("invoicefdp.exe");
        const saved = await call(api.ann, "POST", "/api/documents", {
          payload: { module: "inventory", type: "documentlibrary", fileName: "a\u2067b\u2069c\u202Dd.pdf" },
        });
        const listed = await call(api.ann, "GET", "/api/documents/inventory/type/documentlibrary");
        expect(JSON.stringify(listed.json())).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
        expect(saved.statusCode).toBe(200);
      });

      it("takes the type from the content: a text file named .pdf is text, never opened inline", async () => {
        const id = await createDocument(api.ann);
        const uploaded = await upload(api.ann, `${base(id)}/upload`, {
          filename: "invoice.pdf",
          contentType: "application/pdf",
          content: "<script>alert(1)</script> not a PDF",
        });
        expect(uploaded.statusCode).toBe(200);
        expect(uploaded.json().contentType).toBe("text/plain");
        const inline = await call(api.ann, "GET", `${base(id)}/download/invoice.pdf/?inline=1`);
        expect(inline.headers["content-type"]).toBe("text/plain; charset=utf-8");
        expect(inline.headers["content-disposition"]).toMatch(/^attachment;/);
        expect(inline.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
      });

      it("refuses executables and files of other types with 415, in the caller's language, storing nothing", async () => {
        const id = await createDocument(api.ann);
        const before = await blobsOf(api.ann);
        const exe = await upload(api.ann, `${base(id)}/upload`, {
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
        const zip = await upload(api.ann, `${base(id)}/upload`, {
          filename: "photos.zip",
          content: Buffer.concat([Buffer.from("PK\x03\x04"), Buffer.alloc(100, 1)]),
        });
        expect(zip.statusCode).toBe(415);
        const french = await upload(api.lea, `${base(await createDocument(api.lea))}/upload`, {
          filename: "setup.exe",
          content: makeExe(),
        });
        expect(french.json().error.message).toMatch(/^Ce type de fichier n’est pas accepté/);
        const binary = await upload(api.ann, `${base(id)}/upload`, {
          filename: "a.txt",
          content: Buffer.from([0x41, 0x00, 0x42]),
        });
        expect(binary.statusCode).toBe(415);
        const empty = await upload(api.ann, `${base(id)}/upload`, { filename: "empty.txt", content: "" });
        expect(empty.statusCode).toBe(400);
        expect(empty.json().error.fields).toEqual({ file: "This file is empty." });
        expect(await blobsOf(api.ann)).toEqual(before);
        expect((await call(api.ann, "GET", base(id))).json().contentType).toBeNull();
      });

      it("accepts 5 MB, refuses 5 MB + 1 byte with 413 and keeps the previous file, leaving no blob behind", async () => {
        const id = await createDocument(api.ann);
        const pdf = makePdf("previous");
        expect(
          (await upload(api.ann, `${base(id)}/upload`, { filename: "previous.pdf", content: pdf }))
            .statusCode,
        ).toBe(200);
        const blobsBefore = await blobsOf(api.ann);
        const previousBlob = await blobOfDocument(id);

        const tooLarge = await upload(api.ann, `${base(id)}/upload`, {
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
        const french = await upload(api.lea, `${base(await createDocument(api.lea))}/upload`, {
          filename: "big.pdf",
          content: Buffer.concat([makePdf("x"), Buffer.alloc(LIMITS.uploadBytesMax)]),
        });
        expect(french.statusCode).toBe(413);
        expect(french.json().error.message).toBe("Le fichier doit faire moins de 5 Mo !");

        expect(await blobsOf(api.ann)).toEqual(blobsBefore);
        expect(await blobOfDocument(id)).toBe(previousBlob);
        const kept = await call(api.ann, "GET", `${base(id)}/download/previous.pdf/`);
        expect(kept.rawPayload.equals(pdf)).toBe(true);

        const exactly = Buffer.alloc(LIMITS.uploadBytesMax, "b");
        const accepted = await upload(api.ann, `${base(id)}/upload`, {
          filename: "exactly-5mb.txt",
          content: exactly,
        });
        expect(accepted.statusCode).toBe(200);
        expect(accepted.json().size).toBe(LIMITS.uploadBytesMax);
        expect(
          (await call(api.ann, "GET", `${base(id)}/download/exactly-5mb.txt/`)).rawPayload.equals(exactly),
        ).toBe(true);
      });

      it("replaces a document's file and deletes the replaced blob", async () => {
        const id = await createDocument(api.ann);
        await upload(api.ann, `${base(id)}/upload`, { filename: "first.pdf", content: makePdf("first") });
        const first = await blobOfDocument(id);
        const replaced = await upload(api.ann, `${base(id)}/upload`, {
          filename: "scan.png",
          content: makePng(),
        });
        expect(replaced.json()).toMatchObject({ fileName: "scan.png", contentType: "image/png" });
        const second = await blobOfDocument(id);
        expect(second).not.toBe(first);
        const blobs = await blobsOf(api.ann);
        expect(blobs).toContain(second);
        expect(blobs).not.toContain(first);
        const download = await call(api.ann, "GET", `${base(id)}/download/scan.png/`);
        expect(download.rawPayload.equals(makePng())).toBe(true);
        expect(download.headers["content-type"]).toBe("image/png");
      });
    });
  },
);
