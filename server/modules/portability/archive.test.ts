import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARCHIVE_LIMITS, type ArchiveLimits } from "../../../domain/limits.ts";
import { FILE_EXPORT_DOCUMENT } from "../../../domain/schemas/file-export.ts";
import { AppError } from "../../errors/app-error.ts";
import { zipOf } from "../../testing/archives.ts";
import { openArchive } from "./archive.ts";

describe("opening an archive for an import", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "kinfile-archive-test-"));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  async function saved(entries: Map<string, string>): Promise<string> {
    const path = join(folder, `${entries.size}-${Math.random()}.zip`);
    await writeFile(path, await zipOf(entries));
    return path;
  }
  async function refusal(path: string, limits: Partial<ArchiveLimits>): Promise<string | undefined> {
    try {
      (await openArchive(path, { ...ARCHIVE_LIMITS, ...limits })).close();
      return undefined;
    } catch (error) {
      return error instanceof AppError ? error.messageKey : String(error);
    }
  }
  const document = (files: number) =>
    new Map([
      [FILE_EXPORT_DOCUMENT, "{}"],
      ...Array.from(
        { length: files },
        (_, index) => [`files/${index}/a.txt`, "some text"] as [string, string],
      ),
    ]);

  it("reads the document and lists the files within the limits", async () => {
    const archive = await openArchive(await saved(document(2)));
    expect(archive.document).toEqual({});
    expect([...archive.filePaths].sort()).toEqual(["files/0/a.txt", "files/1/a.txt"]);
    archive.close();
  });

  it("refuses too many entries, too many bytes unpacked, or too large a document, before unpacking", async () => {
    const path = await saved(document(3));
    expect(await refusal(path, { entriesMax: 3 })).toBe("errors:portability.too_many_entries");
    expect(await refusal(path, { unpackedBytesMax: 20 })).toBe("errors:portability.too_large");
    expect(await refusal(path, { documentBytesMax: 1 })).toBe("errors:portability.too_large");
    expect(await refusal(path, {})).toBeUndefined();
  });
});
