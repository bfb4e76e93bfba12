import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { Kysely } from "kysely";
import type { Language } from "../../../domain/catalog/languages.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB } from "../../db/schema.ts";
import type { LocaleStore } from "../../i18n/locale-store.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { openSnapshotFile, readFileSnapshot, type SnapshotSubject } from "../portability/index.ts";
import type { ListCache } from "../records/index.ts";
import type { AppendablePdf } from "./append.ts";
import type { BinderAttachment } from "./book.ts";
import { type BinderKind, composeBook, documentsOf, filedUnder } from "./compose.ts";

/**
 * The binder module's public face: one function that makes a binder of an owner's file, read
 * through the file's one reader (portability/snapshot.ts) with the filter the caller decides.
 * The owner's route (routes.ts) and the nominee's (sharing/shared-binder-read.ts, where the
 * grant's rules live) both call it, and each writes its own log entry.
 */

export type BinderDeps = {
  db: Kysely<DB>;
  dataKeys: DataKeys;
  blobs: BlobStore;
  listCache: ListCache;
  locales: LocaleStore;
  /** Where DejaVuSans*.ttf are (this module's fonts/ folder, found from the config's repository). */
  fontsDir: string;
  clock: () => number;
};

export type BinderRequest = {
  ownerId: string;
  /** Whose file it is, as the cover names them. */
  ownerName: string;
  binder: BinderKind;
  /** Secret values in clear: the caller has checked the password was just confirmed. */
  secrets: boolean;
  /** Append the attached PDFs after the binder's pages. */
  appendFiles: boolean;
  /** What of the file may be printed (a nominee's grant); everything when absent. */
  include?: (subject: SnapshotSubject) => boolean;
  language: Language;
};

/** A made binder: streamed as pdfkit writes it, or (files appended) the merged bytes. */
export type BinderFile = { fileName: string; body: Readable | Uint8Array };

const PDF = "application/pdf";

/**
 * The PDF libraries (pdfkit with its font engine, pdf-lib) are loaded on the first binder, not at
 * start: the bundle puts them in chunks of their own, and the idle server stays small.
 */
const pdfLibraries = () => Promise.all([import("./render.ts"), import("./append.ts")]);

/**
 * "Kinfile - Olivia Owner - 2026-11-27.pdf": whose file and which day (UTC, as the cover's date),
 * so that binders saved over the years sort and are told apart. Characters no file system takes
 * are left out of the name.
 */
export function binderFileName(
  t: (key: string, params?: Record<string, unknown>) => string,
  ownerName: string,
  madeAt: number,
): string {
  const name = ownerName
    .replace(/[\p{Cc}/\\:*?"<>|]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return `${t("binder:fileName", { name, day: new Date(madeAt).toISOString().slice(0, 10) })}.pdf`;
}

export function createBinderMaker(deps: BinderDeps) {
  const { clock } = deps;

  /** The listed documents' appendable PDFs, read in order while the budget lasts. */
  async function appendable(
    ownerId: string,
    documents: ReturnType<typeof documentsOf>,
  ): Promise<Map<string, AppendablePdf>> {
    const { APPEND_BUDGET_BYTES, readAppendable } = await import("./append.ts");
    const found = new Map<string, AppendablePdf>();
    let budget = APPEND_BUDGET_BYTES;
    for (const document of documents) {
      if (document.file?.contentType !== PDF || document.file.size > budget) continue;
      budget -= document.file.size;
      const file = await openSnapshotFile(deps, ownerId, document.id);
      const pdf = await readAppendable(await buffer(file.body));
      if (pdf !== null) found.set(document.id, pdf);
    }
    return found;
  }

  return {
    async make(request: BinderRequest): Promise<BinderFile> {
      const t = (key: string, params?: Record<string, unknown>) =>
        deps.locales.translate(request.language, key, params);
      const include = request.include ?? (() => true);
      const snapshot = await readFileSnapshot(deps, request.ownerId, {
        secrets: request.secrets,
        now: clock(),
        include,
      });
      const documents = documentsOf(snapshot, request.binder);
      const appended = request.appendFiles ? await appendable(request.ownerId, documents) : new Map();
      const attachments: BinderAttachment[] = documents.map((document) => ({
        name: document.fileName ?? document.description ?? t("binder:attachments.unnamed"),
        filedUnder: filedUnder(document, t),
        appendedPages: appended.get(document.id)?.pages ?? 0,
      }));
      const book = await composeBook({
        snapshot,
        ownerId: request.ownerId,
        db: deps.db,
        include,
        binder: request.binder,
        ownerName: request.ownerName,
        language: request.language,
        t,
        attachments,
      });
      const [{ binderFonts, renderBinder }, { appendPdfs }] = await pdfLibraries();
      const { pdf } = renderBinder(book, binderFonts(deps.fontsDir));
      const fileName = binderFileName(t, request.ownerName, snapshot.exportedAt);
      if (appended.size === 0) return { fileName, body: pdf };
      const merged = await appendPdfs(await buffer(pdf), [...appended.values()]);
      return { fileName, body: merged };
    },
  };
}

export type BinderMaker = ReturnType<typeof createBinderMaker>;
