import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { z } from "zod";
import { ARCHIVE_LIMITS, type ArchiveLimits } from "../../../domain/limits.ts";
import {
  FILE_EXPORT_FORMAT,
  FILE_EXPORT_VERSION,
  type fileExportHeadSchema,
  type ImportSummary,
} from "../../../domain/schemas/file-export.ts";
import type { Dialect } from "../../db/database.ts";
import { AppError } from "../../errors/app-error.ts";
import type { FileKindDescriptor } from "../../file/kind.ts";
import {
  type ArchiveFile,
  type KindReadServices,
  type KindRestoreServices,
  type PreparedKind,
  repeatsOf,
} from "../../file/kind-portability.ts";
import { FILE_KINDS } from "../../file/kinds.ts";
import { insertShareDefinitions, listShareDefinitions, ownerEmailOf } from "../sharing/index.ts";
import { archiveRefusal, type OpenedArchive, openArchive } from "./archive.ts";
import { fileExportSchema } from "./archive-document.ts";

/** The app's services an import writes with (each kind takes what it needs), its dialect and bounds. */
export type ImportDeps = KindRestoreServices & {
  dialect: Dialect;
  limits?: ArchiveLimits;
  clock?: () => number;
};

/** A problem with the archive's content, named by its path in the JSON document. */
function contentRefusal(fields: Record<string, string>): AppError {
  return new AppError("validation_failed", { message: "errors:portability.invalid_content", fields });
}

const pathOf = (path: readonly PropertyKey[]) => path.map(String).join(".");

/** An entry of a kind's part: a row with the id other entries refer to it by. */
type Entry = { id: string };

/** An archive's document, checked: its nominees, and each kind's entries by the kind's name. */
type CheckedDocument = {
  nominees: z.output<typeof fileExportHeadSchema>["nominees"];
  entries: ReadonlyMap<string, readonly Entry[]>;
};

/** Each kind with its entries in the archive, in the list's order. */
function partsOf(file: CheckedDocument): { kind: FileKindDescriptor; entries: readonly Entry[] }[] {
  return FILE_KINDS.map((kind) => ({ kind, entries: file.entries.get(kind.kind) ?? [] }));
}

/**
 * Checks the JSON document: ours (format), a version this server reads, then every part against
 * its schema (the same rules as the API's saves); and what the schema cannot see alone: ids unique
 * across the parts, what each kind checks of its entries together, nominee addresses unique.
 */
function checkedDocument(document: unknown): CheckedDocument {
  const head = document as { format?: unknown; version?: unknown } | null;
  if (typeof head !== "object" || head === null || head.format !== FILE_EXPORT_FORMAT) {
    throw archiveRefusal("foreign_format");
  }
  if (head.version !== FILE_EXPORT_VERSION) {
    throw archiveRefusal("unknown_version", { version: String(head.version).slice(0, 20) });
  }
  const parsed = fileExportSchema.safeParse(document);
  if (!parsed.success) {
    // The first problems, by path: enough to say what is wrong without an answer of thousands.
    const fields = Object.fromEntries(
      parsed.error.issues.slice(0, 20).map((issue) => [pathOf(issue.path), issue.message]),
    );
    throw contentRefusal(fields);
  }
  // The parts are built from the kinds (archive-document.ts): each kind's entries have an id.
  const parts = parsed.data as unknown as Record<string, readonly Entry[]>;
  const file: CheckedDocument = {
    nominees: parsed.data.nominees as unknown as CheckedDocument["nominees"],
    entries: new Map(FILE_KINDS.map((kind) => [kind.kind, parts[kind.portability.part] ?? []] as const)),
  };
  const problems: Record<string, string> = {};
  // Ids are unique across the parts: references name a row by its id alone.
  const ids = new Set<string>();
  const rows = [
    ...partsOf(file).map(({ kind, entries }) => ({ part: kind.portability.part, entries })),
    { part: "nominees", entries: file.nominees },
  ];
  for (const { part, entries } of rows) {
    for (const index of repeatsOf(entries, (entry) => entry.id, ids)) {
      problems[`${part}.${index}.id`] = "errors:portability.duplicate_id";
    }
  }
  const paths = new Set<string>();
  for (const { kind, entries } of partsOf(file)) {
    const { part, check, files } = kind.portability;
    for (const [path, message] of Object.entries(check?.(entries) ?? {}))
      problems[`${part}.${path}`] = message;
    // Two entries naming one file would share it.
    if (files === undefined) continue;
    for (const index of repeatsOf(entries, (entry) => files.named(entry)?.path ?? null, paths)) {
      problems[`${part}.${index}.file.path`] = "errors:portability.duplicate_id";
    }
  }
  for (const index of repeatsOf(file.nominees, (nominee) => nominee.email)) {
    problems[`nominees.${index}.email`] = "errors:portability.duplicate_nominee";
  }
  if (Object.keys(problems).length > 0) throw contentRefusal(problems);
  return file;
}

/** Whether the owner's file holds nothing an import could collide with: no kind's rows, no nominee. */
async function fileIsEmpty(deps: KindReadServices, ownerId: string): Promise<boolean> {
  if ((await listShareDefinitions(deps.db, ownerId)).length > 0) return false;
  const holds = await Promise.all(FILE_KINDS.map((kind) => kind.portability.holds(deps, ownerId)));
  return !holds.some(Boolean);
}

/** 409 unless the owner's file is empty: asked before an upload is read, and again as it is written. */
export async function assertImportable(deps: KindReadServices, ownerId: string): Promise<void> {
  if (!(await fileIsEmpty(deps, ownerId))) {
    throw new AppError("conflict", { message: "errors:portability.not_empty" });
  }
}

/**
 * The kinds in the order their rows go in: each after the kinds it refers to by foreign key, else
 * in the list's order (a cycle of `after`, which no foreign keys could satisfy, stops where it meets itself).
 */
function insertionOrder(kinds: readonly FileKindDescriptor[]): FileKindDescriptor[] {
  const ordered: FileKindDescriptor[] = [];
  const visiting = new Set<FileKindDescriptor>();
  const visit = (kind: FileKindDescriptor) => {
    if (ordered.includes(kind) || visiting.has(kind)) return;
    visiting.add(kind);
    for (const name of kind.portability.after ?? []) {
      const before = kinds.find((other) => other.kind === name);
      if (before !== undefined) visit(before);
    }
    ordered.push(kind);
  };
  for (const kind of kinds) visit(kind);
  return ordered;
}

/**
 * Imports an export archive (the ZIP at `archivePath`) into the owner's file, all or nothing.
 *
 * Only into an empty file (409 otherwise): an import never merges into, duplicates or overwrites
 * what the owner already keeps; a row the account has already (its own "me", made at sign-up)
 * takes the archive's. Every row gets a new id and every reference is rewritten by the kind that
 * holds it (each kind's `portability`, server/file/kind-portability.ts); references to rows the
 * archive lacks are dropped. Each file is checked as an upload is (type, size), against the
 * archive's SHA-256, and stored encrypted before the one transaction that writes every row; if
 * anything fails, the files written are deleted and no row stays. Nominees come as share
 * definitions nobody was invited to (see sharing/share-definitions.ts): no mail is sent.
 */
export async function importFile(
  deps: ImportDeps,
  ownerId: string,
  archivePath: string,
): Promise<ImportSummary> {
  const clock = deps.clock ?? Date.now;
  await assertImportable(deps, ownerId);
  const archive = await openArchive(archivePath, deps.limits ?? ARCHIVE_LIMITS);
  const written: string[] = [];
  try {
    const file = checkedDocument(archive.document);
    const named = checkFilesPresent(file, archive);
    const ownEmail = await ownerEmailOf(deps.db, ownerId);
    const self = file.nominees.findIndex((nominee) => nominee.email === ownEmail);
    if (self !== -1) throw contentRefusal({ [`nominees.${self}.email`]: "errors:sharing.own_email" });

    const ids = new Map<string, string>();
    for (const entry of [...file.entries.values(), file.nominees].flat()) ids.set(entry.id, randomUUID());
    // A row the account has already takes the archive's (its own "me").
    for (const { kind, entries } of partsOf(file)) {
      for (const [from, to] of (await kind.portability.reuse?.(deps, ownerId, entries)) ?? [])
        ids.set(from, to);
    }
    const known = new Map(
      [...file.entries].map(([kind, entries]) => [kind, new Set(entries.map((entry) => entry.id))]),
    );
    /** The new id of a row of this kind in the archive; null when the archive has no such row. */
    const idOf = (kind: string, id: string | null): string | null =>
      id !== null && known.get(kind)?.has(id) ? (ids.get(id) ?? null) : null;

    // Everything sealed and every file stored before the transaction: no key lookup or upload
    // runs while it holds the database (the blob store may be the database).
    const prepared = new Map<FileKindDescriptor, PreparedKind>();
    for (const { kind, entries } of partsOf(file)) {
      const { part } = kind.portability;
      const context = {
        ownerId,
        services: deps,
        newId: (id: string) => ids.get(id) ?? id,
        idOf,
        refuse: (fields: Record<string, string>) =>
          contentRefusal(
            Object.fromEntries(Object.entries(fields).map(([path, message]) => [`${part}.${path}`, message])),
          ),
        openFile: (path: string) => archive.openFile(path),
        stored(path: string, found: { blobId: string; size: number; sha256: string }) {
          written.push(found.blobId);
          const expected = named.get(path);
          if (expected?.sha256 !== found.sha256 || expected.size !== found.size) {
            throw archiveRefusal("checksum_mismatch", { path: path.slice(0, 200) });
          }
        },
      };
      prepared.set(kind, await kind.portability.prepare(context, entries));
    }
    const nominees = file.nominees.map((nominee) => ({
      ...nominee,
      id: ids.get(nominee.id) ?? nominee.id,
      personId: idOf("person", nominee.personId),
    }));

    await deps.changes.transaction(deps.db, async (trx) => {
      // Two imports into one account at once: the second waits here, then finds the file full.
      if (deps.dialect === "postgres") {
        await sql`select pg_advisory_xact_lock(hashtext(${`kinfile-import:${ownerId}`}))`.execute(trx);
      }
      await assertImportable({ ...deps, db: trx }, ownerId);
      for (const kind of insertionOrder(FILE_KINDS)) await prepared.get(kind)?.insert(trx);
      if (!(await insertShareDefinitions(trx, ownerId, nominees, clock()))) {
        throw contentRefusal({ nominees: "errors:portability.duplicate_nominee" });
      }
      // What a save of each row publishes commits with the import; then what derives from every
      // row (their search terms).
      for (const kind of FILE_KINDS) await prepared.get(kind)?.announce?.(trx);
      await deps.changes.publish(trx, { kind: "file", operation: "saved", ownerId, id: ownerId });
    });
    written.length = 0;
    const summary: Record<string, number> = {};
    for (const { kind, entries } of partsOf(file)) {
      summary[kind.portability.part] = entries.length;
      Object.assign(summary, prepared.get(kind)?.counts);
    }
    return { ...summary, nominees: file.nominees.length } as ImportSummary;
  } finally {
    archive.close();
    for (const blobId of written) await deps.blobs.delete(ownerId, blobId).catch(() => {});
  }
}

/**
 * Every file the document names is in the archive, and every file in the archive is named once:
 * the files by path, as the entries name them.
 */
function checkFilesPresent(file: CheckedDocument, archive: OpenedArchive): Map<string, ArchiveFile> {
  const named = new Map<string, ArchiveFile>();
  for (const { kind, entries } of partsOf(file)) {
    const { files } = kind.portability;
    if (files === undefined) continue;
    for (const entry of entries) {
      const found = files.named(entry);
      if (found === null) continue;
      if (!archive.filePaths.has(found.path)) {
        throw archiveRefusal("missing_file", { path: found.path.slice(0, 200) });
      }
      named.set(found.path, found);
    }
  }
  for (const path of archive.filePaths) {
    if (!named.has(path)) throw archiveRefusal("unexpected_entry", { path: path.slice(0, 200) });
  }
  return named;
}
