import { isUtf8 } from "node:buffer";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makeExe, makePdf, makePng } from "../../testing/document-files.ts";
import { createFileTypeDetector, RefusedFileError } from "./file-type.ts";

const bytes = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(
    parts.map((part) => (typeof part === "string" ? Buffer.from(part, "latin1") : Buffer.from(part))),
  );

/** A ZIP's first local header naming `first`, then the other part names as a central directory would. */
const zipWith = (...names: string[]) =>
  bytes(
    [0x50, 0x4b, 0x03, 0x04],
    Buffer.alloc(26),
    names[0] ?? "",
    Buffer.alloc(200, 7),
    ...names.slice(1),
    "PK\x05\x06",
  );

const ole = (...streams: string[]) =>
  bytes(
    [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
    Buffer.alloc(504),
    ...streams.map((name) => Buffer.from(`${name}\0`, "utf16le")),
  );

/** The verdict on a file fed in the given pieces. */
function detect(file: Buffer, cuts: number[] = []): string {
  const detector = createFileTypeDetector();
  let start = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    detector.write(file.subarray(start, cut));
    start = cut;
  }
  detector.write(file.subarray(start));
  return detector.end();
}

function refusal(file: Buffer): string {
  try {
    return `accepted as ${detect(file)}`;
  } catch (error) {
    expect(error).toBeInstanceOf(RefusedFileError);
    return (error as RefusedFileError).reason;
  }
}

const ACCEPTED: [string, Buffer, string][] = [
  ["PDF", makePdf("hello"), "application/pdf"],
  ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0], Buffer.alloc(40)), "image/jpeg"],
  ["PNG", makePng(), "image/png"],
  ["WebP", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 ", Buffer.alloc(30)), "image/webp"],
  ["HEIC", bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0], "mif1heic"), "image/heic"],
  ["HEIF", bytes([0, 0, 0, 0x18], "ftypmif1", [0, 0, 0, 0], "mif1miaf"), "image/heif"],
  [
    "docx",
    zipWith("[Content_Types].xml", "_rels/.rels", "word/document.xml"),
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ],
  [
    "xlsx",
    zipWith("[Content_Types].xml", "xl/workbook.xml"),
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ],
  [
    "pptx",
    zipWith("docProps/app.xml", "ppt/presentation.xml", "[Content_Types].xml"),
    "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  ],
  ["doc", ole("Root Entry", "WordDocument", "1Table"), "application/msword"],
  ["xls", ole("Root Entry", "Workbook"), "application/vnd.ms-excel"],
  ["Excel 5 xls", ole("Root Entry", "Book"), "application/vnd.ms-excel"],
  ["UTF-8 text", Buffer.from("Mot de passe du coffre : voir l’enveloppe 🔑\n".repeat(50)), "text/plain"],
  ["a few bytes of text", Buffer.from("ok"), "text/plain"],
  ["text with a byte order mark", Buffer.from("\ufeffhello", "utf8"), "text/plain"],
];

describe("file type detection", () => {
  it.each(ACCEPTED)("recognises %s", (_name, file, type) => {
    expect(detect(file)).toBe(type);
  });

  it("reaches the same verdict however the bytes are split into chunks", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ACCEPTED),
        fc.array(fc.nat(), { maxLength: 6 }),
        ([, file, type], cuts) => {
          expect(
            detect(
              file,
              cuts.map((cut) => cut % (file.length + 1)),
            ),
          ).toBe(type);
        },
      ),
    );
  });

  it("accepts text exactly when it is valid UTF-8 without NUL, however it is split", () => {
    const verdict = (file: Buffer, cuts: number[]) => {
      try {
        return detect(
          file,
          cuts.map((cut) => cut % (file.length + 1)),
        );
      } catch {
        return "refused";
      }
    };
    const texts = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 60 }).map((text) => Buffer.from(`T${text}`, "utf8")),
      fc.uint8Array({ maxLength: 60 }).map((bytes) => Buffer.concat([Buffer.from("T"), bytes])),
    );
    fc.assert(
      fc.property(texts, fc.array(fc.nat(), { maxLength: 8 }), (file, cuts) => {
        const expected = isUtf8(file) && !file.includes(0) ? "text/plain" : "refused";
        expect(verdict(file, cuts)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ["a Windows executable", makeExe()],
    ["an executable whose header looks like text", Buffer.from("MZ this is not a letter")],
    ["an ELF binary", bytes([0x7f, 0x45, 0x4c, 0x46], Buffer.alloc(60))],
    ["a ZIP archive of photos", zipWith("holiday/IMG_0001.jpg", "holiday/IMG_0002.jpg")],
    ["an Office-like ZIP without its content types", zipWith("word/document.xml")],
    ["an OLE file that is an installer", ole("Root Entry", "\u4840\u3f3f\u4577")],
    ["a WAVE sound", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt ", Buffer.alloc(30))],
    ["an MP4 video", bytes([0, 0, 0, 0x18], "ftypisom", [0, 0, 0, 0], "isomiso2")],
    ["binary data with a NUL byte", Buffer.from([0x41, 0x42, 0x00, 0x43])],
    ["Latin-1 text (not UTF-8)", Buffer.from("Relevé de compte", "latin1")],
    ["UTF-16 text", Buffer.from("hello", "utf16le")],
    ["UTF-8 cut inside a character", Buffer.from("café", "utf8").subarray(0, 4)],
    ["an HTML page disguised by nothing", Buffer.concat([Buffer.from("<html>"), Buffer.from([0xff, 0xfe])])],
  ])("refuses %s", (_name, file) => {
    expect(refusal(file)).toBe("type");
  });

  it("refuses an empty file as empty", () => {
    expect(refusal(Buffer.alloc(0))).toBe("empty");
  });

  it("refuses an executable at its first bytes, before the rest arrives", () => {
    const detector = createFileTypeDetector();
    expect(() => detector.write(makeExe().subarray(0, 64))).toThrow(RefusedFileError);
  });

  it("refuses invalid text as soon as the bad bytes arrive", () => {
    const detector = createFileTypeDetector();
    detector.write(Buffer.from("a perfectly fine first line\n"));
    expect(() => detector.write(Buffer.from([0x41, 0x00]))).toThrow(RefusedFileError);
  });
});
