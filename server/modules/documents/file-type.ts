import { isUtf8 } from "node:buffer";
import type { UploadContentType } from "../../../domain/schemas/document.ts";

/**
 * What a file is, decided from its bytes as they stream in, never from the name or the type the
 * client sends. Accepted: PDF, JPEG, PNG, WebP, HEIC/HEIF, Office documents (docx, xlsx, pptx: a
 * ZIP holding [Content_Types].xml and the application's main part; doc, xls: an OLE compound file
 * holding a WordDocument or Workbook stream) and plain text (valid UTF-8 without NUL bytes).
 * Anything else, including a known container holding something else (a ZIP archive, an MP4, an
 * installer), is refused.
 */

export class RefusedFileError extends Error {
  override name = "RefusedFileError";
  readonly reason: "type" | "empty";
  constructor(reason: "type" | "empty", detail: string) {
    super(detail);
    this.reason = reason;
  }
}

export type FileTypeDetector = {
  /** Feeds the next bytes; throws RefusedFileError as soon as the file is known to be refused. */
  write(chunk: Buffer): void;
  /** After the last bytes: the file's type, or RefusedFileError. */
  end(): UploadContentType;
};

/** Enough bytes to tell every accepted format from its signature. */
const HEAD_BYTES = 16;

const ascii = (text: string) => Buffer.from(text, "latin1");
const utf16 = (text: string) => Buffer.from(text, "utf16le");

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** HEIF brands (ISO/IEC 23008-12): HEVC-coded images are HEIC; the generic image brands are HEIF. */
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]);
const HEIF_BRANDS = new Set(["mif1", "msf1"]);
/** Executables that could otherwise pass as text (a few bytes of "MZ" followed by printable data). */
const EXECUTABLES = [
  ascii("MZ"),
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]),
  Buffer.from([0xfe, 0xed, 0xfa, 0xce]),
  Buffer.from([0xfe, 0xed, 0xfa, 0xcf]),
  Buffer.from([0xce, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xcf, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xca, 0xfe, 0xba, 0xbe]),
];

const startsWith = (bytes: Buffer, prefix: Buffer, at = 0) =>
  bytes.length >= at + prefix.length && bytes.subarray(at, at + prefix.length).equals(prefix);

/** Finds byte patterns anywhere in a stream, across chunk boundaries, keeping only a short tail. */
function createPatternScanner(patterns: Record<string, Buffer>) {
  const found = new Set<string>();
  const longest = Math.max(...Object.values(patterns).map((pattern) => pattern.length));
  let tail = Buffer.alloc(0);
  return {
    found,
    write(chunk: Buffer) {
      const window = tail.length === 0 ? chunk : Buffer.concat([tail, chunk]);
      for (const [name, pattern] of Object.entries(patterns)) {
        if (!found.has(name) && window.includes(pattern)) found.add(name);
      }
      tail = Buffer.from(window.subarray(Math.max(0, window.length - (longest - 1))));
    },
  };
}

type Judge = { write(chunk: Buffer): void; end(): UploadContentType };

function fixed(type: UploadContentType): Judge {
  return { write() {}, end: () => type };
}

/** docx, xlsx, pptx: the names of their parts appear in the ZIP's headers and central directory. */
function officeOpenXml(): Judge {
  const scanner = createPatternScanner({
    contentTypes: ascii("[Content_Types].xml"),
    word: ascii("word/document.xml"),
    excel: ascii("xl/workbook.xml"),
    powerpoint: ascii("ppt/presentation.xml"),
  });
  return {
    write: scanner.write,
    end() {
      const { found } = scanner;
      if (found.has("contentTypes")) {
        if (found.has("word"))
          return "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
        if (found.has("excel")) return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
        if (found.has("powerpoint")) {
          return "application/vnd.openxmlformats-officedocument.presentationml.presentation";
        }
      }
      throw new RefusedFileError("type", "a ZIP archive that is not an Office document");
    },
  };
}

/** doc, xls: OLE compound files name their streams in UTF-16 in the directory. */
function legacyOffice(): Judge {
  const scanner = createPatternScanner({
    word: utf16("WordDocument"),
    excel: utf16("Workbook"),
    excel5: utf16("Book\0"),
  });
  return {
    write: scanner.write,
    end() {
      if (scanner.found.has("word")) return "application/msword";
      if (scanner.found.has("excel") || scanner.found.has("excel5")) return "application/vnd.ms-excel";
      throw new RefusedFileError("type", "an OLE compound file that is not a Word or Excel document");
    },
  };
}

/** Bytes a UTF-8 sequence takes, from its first byte (invalid lead bytes are left to isUtf8). */
function sequenceLength(lead: number): number {
  if (lead >= 0xf0) return 4;
  if (lead >= 0xe0) return 3;
  if (lead >= 0xc0) return 2;
  return 1;
}

/** Where the bytes stop being whole UTF-8 sequences: a character cut at the chunk's end waits for the next. */
function completeEnd(chunk: Buffer, start: number): number {
  for (let back = 1; back <= 3 && chunk.length - back >= start; back += 1) {
    const byte = chunk[chunk.length - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue;
    return byte >= 0xc0 && sequenceLength(byte) > back ? chunk.length - back : chunk.length;
  }
  return chunk.length;
}

/**
 * Valid UTF-8 without NUL bytes, checked chunk by chunk with Node's native isUtf8: no string is
 * decoded (5 MB of text would otherwise be 5 MB of garbage to collect per upload).
 */
function plainText(): Judge {
  let carry = Buffer.alloc(0);
  const refuse = () => new RefusedFileError("type", "neither a known format nor UTF-8 text");
  return {
    write(chunk) {
      if (chunk.includes(0))
        throw new RefusedFileError("type", "binary data (a NUL byte) in what is not a known format");
      let start = 0;
      if (carry.length > 0) {
        const missing = sequenceLength(carry[0] ?? 0) - carry.length;
        if (chunk.length < missing) {
          carry = Buffer.concat([carry, chunk]);
          return;
        }
        if (!isUtf8(Buffer.concat([carry, chunk.subarray(0, missing)]))) throw refuse();
        start = missing;
      }
      const end = completeEnd(chunk, start);
      if (!isUtf8(chunk.subarray(start, end))) throw refuse();
      carry = Buffer.from(chunk.subarray(end));
    },
    end() {
      if (carry.length > 0) throw refuse();
      return "text/plain";
    },
  };
}

function judgeFor(head: Buffer): Judge {
  if (startsWith(head, ascii("%PDF-"))) return fixed("application/pdf");
  if (startsWith(head, JPEG)) return fixed("image/jpeg");
  if (startsWith(head, PNG)) return fixed("image/png");
  if (startsWith(head, ascii("RIFF"))) {
    if (startsWith(head, ascii("WEBP"), 8)) return fixed("image/webp");
    throw new RefusedFileError("type", "a RIFF file that is not WebP");
  }
  if (startsWith(head, ascii("ftyp"), 4)) {
    const brand = head.subarray(8, 12).toString("latin1");
    if (HEIC_BRANDS.has(brand)) return fixed("image/heic");
    if (HEIF_BRANDS.has(brand)) return fixed("image/heif");
    throw new RefusedFileError("type", `an ISO media file of brand ${JSON.stringify(brand)}`);
  }
  if (startsWith(head, ZIP)) return officeOpenXml();
  if (startsWith(head, OLE)) return legacyOffice();
  if (EXECUTABLES.some((signature) => startsWith(head, signature))) {
    throw new RefusedFileError("type", "an executable");
  }
  return plainText();
}

export function createFileTypeDetector(): FileTypeDetector {
  let head: Buffer[] = [];
  let headBytes = 0;
  let judge: Judge | undefined;

  function decide() {
    const start = Buffer.concat(head, headBytes);
    head = [];
    judge = judgeFor(start);
    judge.write(start);
  }

  return {
    write(chunk) {
      if (judge !== undefined) return judge.write(chunk);
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes >= HEAD_BYTES) decide();
    },
    end() {
      if (judge === undefined) {
        if (headBytes === 0) throw new RefusedFileError("empty", "an empty file");
        decide();
      }
      return (judge as Judge).end();
    },
  };
}
