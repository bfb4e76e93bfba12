import type { Kysely } from "kysely";
import {
  FILE_EXPORT_FORMAT,
  FILE_EXPORT_VERSION,
  type FileSnapshot,
} from "../../../domain/schemas/file-export.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB } from "../../db/schema.ts";
import { FILE_KINDS } from "../../file/kinds.ts";
import type { SnapshotSubject } from "../../file/subject.ts";
import type { ListCache } from "../records/index.ts";
import { listShareDefinitions } from "../sharing/index.ts";

/** What reading the owner's whole file needs: the app's database, data keys and list cache. */
export type SnapshotDeps = { db: Kysely<DB>; dataKeys: DataKeys; listCache: ListCache };

export type { SnapshotSubject };

export type SnapshotOptions = {
  /**
   * Secret fields in clear (the declared secret fields of records, person.socialNumber); null when
   * false. The caller has checked the password was just confirmed, and logs the reading.
   */
  secrets: boolean;
  /** Which parts to keep (all by default): a binder for a nominee keeps what the grant shows. */
  include?: (subject: SnapshotSubject) => boolean;
  /** The snapshot's time (epoch ms). */
  now?: number;
};

/**
 * The owner's whole file, read once through each kind's export step (`FILE_KINDS`, each kind's
 * `portability.read`) and the share definitions: the one definition of "the owner's whole file":
 * the export writes it, the binder prints it. Files are not read here: `openSnapshotFile` streams
 * one when it is wanted. A row hanging on another (a comment on its person or record) is left out
 * with it; a filter sees each row as its kind describes it, and a kind that does not describe its
 * rows is left out of a filtered snapshot.
 */
export async function readFileSnapshot(
  deps: SnapshotDeps,
  ownerId: string,
  options: SnapshotOptions,
): Promise<FileSnapshot> {
  const { include } = options;
  const [read, nominees] = await Promise.all([
    Promise.all(FILE_KINDS.map((kind) => kind.portability.read(deps, ownerId, { secrets: options.secrets }))),
    listShareDefinitions(deps.db, ownerId),
  ]);
  const kept = new Map<string, Set<string>>();
  const parts: Record<string, unknown[]> = {};
  for (const [index, { kind, portability }] of FILE_KINDS.entries()) {
    const rows = (read[index] ?? []).filter((row) => {
      const hangsOn = portability.follows?.(row);
      if (hangsOn !== undefined && !kept.get(hangsOn.kind)?.has(hangsOn.id)) return false;
      if (include === undefined) return true;
      return portability.subject !== undefined && include(portability.subject(row));
    });
    kept.set(kind, new Set(rows.map((row) => row.id)));
    parts[portability.part] = rows;
  }
  const snapshot = {
    format: FILE_EXPORT_FORMAT,
    version: FILE_EXPORT_VERSION,
    exportedAt: options.now ?? Date.now(),
    secrets: options.secrets,
    ...parts,
    nominees: nominees.filter((nominee) => include?.({ kind: "nominee", id: nominee.id }) ?? true),
  };
  // Each kind's step reads its part in the shape the snapshot's type names.
  return snapshot as FileSnapshot;
}

/** One document's file, decrypted, as a stream: what the export copies and the binder appends. */
export { openOwnedDocumentFile as openSnapshotFile } from "../documents/index.ts";
