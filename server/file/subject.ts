import type { PersonGroup } from "../../domain/catalog/relationships.ts";

/** One part of the file, as a filter sees it before deciding whether it belongs in a snapshot. */
export type SnapshotSubject =
  | { kind: "person"; id: string; group: PersonGroup }
  | { kind: "address"; id: string }
  | { kind: "institution"; id: string }
  | { kind: "record"; id: string; module: string; category: string }
  | {
      kind: "document";
      id: string;
      module: string;
      type: string;
      assignedModule: string | null;
      assignedType: string | null;
      /** The record the document is attached to, if any. */
      assignedDocument: string | null;
    }
  | { kind: "comment"; id: string; subjectKind: "record" | "person"; subjectId: string }
  | { kind: "nominee"; id: string };
