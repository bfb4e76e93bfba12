import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { FileSnapshotFile } from "../../domain/schemas/file-export.ts";
import type { DataKeys } from "../crypto/data-keys.ts";
import type { DB } from "../db/schema.ts";
import type { AppError } from "../errors/app-error.ts";
import type { BlobStore } from "../storage/blob-store.ts";
import type { FileChanges } from "./changes.ts";
import type { SnapshotSubject } from "./subject.ts";

/**
 * The app's services a kind's export and import read the file with. A module that needs one of
 * its own (the records' list cache) adds it here by declaration merging, from its own files: this
 * folder imports no module's types, as every module's index imports it.
 */
export interface KindReadServices {
  db: Kysely<DB>;
  dataKeys: DataKeys;
}

/** What an import writes with, besides what it reads with (a module adds its own, as above). */
export interface KindRestoreServices extends KindReadServices {
  blobs: BlobStore;
  /** Where restored rows are announced, in the import's transaction. */
  changes: FileChanges;
}

/** One import's shared state, as a kind's import step sees it. */
export type RestoreContext = {
  ownerId: string;
  services: KindRestoreServices;
  /** The new id of one of this kind's entries. */
  newId(id: string): string;
  /** The new id of the archive's row of `kind`; null when the archive has no such row. */
  idOf(kind: string, id: string | null): string | null;
  /** A refusal naming fields of this kind's entries by their path in the document (`{ "3.group": message }`). */
  refuse(fields: Record<string, string>): AppError;
  /** A file the archive holds beside its document, by the path an entry names. */
  openFile(path: string): Promise<Readable>;
  /**
   * A file stored for the import, as it was found: deleted again unless the import commits, and
   * refused unless its size and SHA-256 are what the document says of `path`.
   */
  stored(path: string, file: { blobId: string; size: number; sha256: string }): void;
};

/** A file beside the archive's document, as an entry names it: where, what, and its SHA-256 (hex). */
export type ArchiveFile = FileSnapshotFile & { sha256: string };

/** A kind's rows ready for the import's transaction: sealed, files stored, references rewritten. */
export type PreparedKind = {
  /** Writes the rows, after those of the kinds the step says it comes after. */
  insert(trx: Kysely<DB>): Promise<void>;
  /** Once every kind's rows are in: what a save of them would publish on the change bus. */
  announce?(trx: Kysely<DB>): Promise<void>;
  /** Counts the import's answer gives besides the number of entries (a document's files). */
  counts?: Record<string, number>;
};

/**
 * A kind's part of the export archive and its restoring by an import (server/modules/portability
 * loops over `FILE_KINDS` and calls these): `Row` is an entry as the export reads it, `Entry` as
 * the import's schema checks it. Both keep the row's id, which other entries refer to it by.
 */
export type KindPortability<
  Row extends { id: string } = { id: string },
  Entry extends { id: string } = Row,
> = {
  /** The archive's key for the kind's entries ("persons"); an archive without it holds none. */
  part: string;

  // Export.
  /** The owner's rows, in the archive's order; secret fields null unless `secrets`. */
  read(services: KindReadServices, ownerId: string, options: { secrets: boolean }): Promise<Row[]>;
  /** How a snapshot's filter sees a row; without it, a filtered snapshot (a binder) leaves the kind out. */
  subject?(row: Row): SnapshotSubject;
  /** The row of an earlier kind this one hangs on (a comment's subject): left out with it. */
  follows?(row: Row): { kind: string; id: string };
  /** For a kind whose rows carry a file the archive holds beside its document (documents). */
  files?: {
    /** Where the row's file lies in the archive, its type and size; null when it has none. */
    of(row: Row): FileSnapshotFile | null;
    /** The file, decrypted, as a stream. */
    open(services: KindReadServices & { blobs: BlobStore }, ownerId: string, row: Row): Promise<Readable>;
    /** The row as the document says it: its file with the SHA-256 written, or null when unreadable. */
    written(row: Row, file: ArchiveFile | null): unknown;
    /** The file an imported entry names; null when it has none. */
    named(entry: Entry): ArchiveFile | null;
  };

  // Import.
  /** An entry of the archive, checked with the same rules as the API's saves. */
  entry: z.ZodType<Entry>;
  /** What the schema cannot see entry by entry (a second "me"), by path in the part: `{ "3.group": message }`. */
  check?(entries: readonly Entry[]): Record<string, string>;
  /** Whether the owner already keeps rows an import could collide with (it goes only into an empty file). */
  holds(services: KindReadServices, ownerId: string): Promise<boolean>;
  /** Rows of the account an entry is restored onto rather than added (the own "me"): archive id -> row id. */
  reuse?(
    services: KindReadServices,
    ownerId: string,
    entries: readonly Entry[],
  ): Promise<Map<string, string>>;
  /** Kinds whose rows this kind's rows refer to by foreign key: inserted first. */
  after?: readonly string[];
  /** Before the transaction: new ids and references through `idOf`, secrets sealed, files stored. */
  prepare(context: RestoreContext, entries: readonly Entry[]): Promise<PreparedKind>;
};

/** A module's steps as the list holds them, whatever its own row and entry types. */
export function kindPortability<Row extends { id: string }, Entry extends { id: string }>(
  steps: KindPortability<Row, Entry>,
): KindPortability {
  return steps as unknown as KindPortability;
}

/** The indexes of the entries whose key an earlier entry already had (a null key repeats nothing). */
export function repeatsOf<T>(
  entries: readonly T[],
  keyOf: (entry: T) => string | null,
  seen = new Set<string>(),
): number[] {
  const repeats: number[] = [];
  for (const [index, entry] of entries.entries()) {
    const key = keyOf(entry);
    if (key === null) continue;
    if (seen.has(key)) repeats.push(index);
    seen.add(key);
  }
  return repeats;
}
