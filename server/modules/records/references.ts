import type { Kysely } from "kysely";
import type { RecordBody } from "../../../domain/sections/schema.ts";
import type { FieldDef, FieldType } from "../../../domain/sections/types.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { documentReader } from "../documents/index.ts";
import { idsOf } from "./body.ts";

/**
 * A record's references to the owner's persons, addresses, institutions and other records: checked
 * on save (another account's ids answer like missing ones, so a reference never reveals that a row
 * exists), resolved to display names for lists, pruned when the row has since been deleted.
 */

type Target = "person" | "address" | "institution" | "record" | "document";

const TARGET_OF: Partial<Record<FieldType, Target>> = {
  personRef: "person",
  personRefs: "person",
  addressRef: "address",
  institutionRef: "institution",
  recordRef: "record",
  documents: "document",
};

const MESSAGES: Record<Target, string> = {
  person: "errors:network.unknown_person",
  address: "errors:network.unknown_address",
  institution: "errors:network.unknown_institution",
  record: "errors:records.unknown_record",
  document: "errors:records.unknown_document",
};

/** One of the owner's rows a reference may point at. */
export type Referenced = {
  /** What a list shows for it: "First Last", the address nickname, the institution's or file's name; null for records. */
  name: string | null;
  /** A person's group, a record's category: what a field's filter checks. */
  kind: string | null;
};

/** `${target}:${id}` -> the owner's row. */
export type ReferencedRows = Map<string, Referenced>;

export function targetOf(field: FieldDef): Target | undefined {
  return TARGET_OF[field.type];
}

function personName(first: string, last: string | null): string {
  return last ? `${first} ${last}` : first;
}

/**
 * The owner's rows among the ids the bodies' reference fields hold: one query per target table
 * (documents' names are encrypted at rest: the data keys open them).
 */
export async function findReferenced(
  db: Kysely<DB>,
  dataKeys: DataKeys,
  ownerId: string,
  fields: readonly FieldDef[],
  bodies: readonly RecordBody[],
): Promise<ReferencedRows> {
  const wanted = new Map<Target, Set<string>>();
  for (const field of fields) {
    const target = targetOf(field);
    if (target === undefined) continue;
    for (const body of bodies) {
      for (const id of idsOf(body[field.key])) {
        const ids = wanted.get(target) ?? new Set<string>();
        ids.add(id);
        wanted.set(target, ids);
      }
    }
  }
  const found: ReferencedRows = new Map();
  for (const [target, set] of wanted) {
    const ids = [...set];
    if (target === "person") {
      const rows = await db
        .selectFrom("person")
        .select(["id", "first_name", "last_name", "person_group"])
        .where("owner_id", "=", ownerId)
        .where("id", "in", ids)
        .execute();
      for (const row of rows) {
        found.set(`person:${row.id}`, {
          name: personName(row.first_name, row.last_name),
          kind: row.person_group,
        });
      }
    } else if (target === "address") {
      const rows = await db
        .selectFrom("address")
        .select(["id", "name"])
        .where("owner_id", "=", ownerId)
        .where("id", "in", ids)
        .execute();
      for (const row of rows) found.set(`address:${row.id}`, { name: row.name, kind: null });
    } else if (target === "institution") {
      const rows = await db
        .selectFrom("institution")
        .select(["id", "name"])
        .where("owner_id", "=", ownerId)
        .where("id", "in", ids)
        .execute();
      for (const row of rows) found.set(`institution:${row.id}`, { name: row.name, kind: null });
    } else if (target === "document") {
      const rows = await documentReader(db, dataKeys).findMany(ownerId, ids);
      for (const row of rows) found.set(`document:${row.id}`, { name: row.fileName, kind: null });
    } else {
      const rows = await db
        .selectFrom("record")
        .select(["id", "category"])
        .where("owner_id", "=", ownerId)
        .where("id", "in", ids)
        .execute();
      for (const row of rows) found.set(`record:${row.id}`, { name: null, kind: row.category });
    }
  }
  return found;
}

/** Whether an id of this field points at one of the owner's rows that the field accepts. */
function accepts(field: FieldDef, found: ReferencedRows, id: string): boolean {
  const target = targetOf(field);
  if (target === undefined) return true;
  const row = found.get(`${target}:${id}`);
  if (row === undefined) return false;
  if (target === "person" && field.personGroups !== undefined) {
    return row.kind !== null && (field.personGroups as readonly string[]).includes(row.kind);
  }
  if (target === "record" && field.recordCategories !== undefined) {
    return row.kind !== null && field.recordCategories.includes(row.kind);
  }
  return true;
}

/**
 * Refuses (400, naming each field) references that are not the owner's rows of the kind the
 * field accepts: a person outside the field's groups, a record outside its categories, the
 * record itself, a document of another account.
 */
export async function checkReferences(
  db: Kysely<DB>,
  dataKeys: DataKeys,
  ownerId: string,
  fields: readonly FieldDef[],
  body: RecordBody,
  selfId: string | null,
): Promise<void> {
  const found = await findReferenced(db, dataKeys, ownerId, fields, [body]);
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const target = targetOf(field);
    if (target === undefined) continue;
    const ids = idsOf(body[field.key]);
    if (ids.some((id) => id === selfId || !accepts(field, found, id))) {
      problems[field.key] =
        target === "person" && ids.every((id) => found.has(`person:${id}`))
          ? "errors:records.person_not_in_group"
          : MESSAGES[target];
    }
  }
  if (Object.keys(problems).length > 0) throw new AppError("validation_failed", { fields: problems });
}

/** The body without references to rows deleted since it was saved (one id -> null, lists filtered). */
export function pruneDangling(
  body: RecordBody,
  fields: readonly FieldDef[],
  found: ReferencedRows,
): RecordBody {
  const pruned: RecordBody = { ...body };
  for (const field of fields) {
    const target = targetOf(field);
    if (target === undefined) continue;
    const value = body[field.key];
    if (Array.isArray(value)) {
      pruned[field.key] = value.filter((id) => typeof id !== "string" || found.has(`${target}:${id}`));
    } else if (typeof value === "string" && !found.has(`${target}:${value}`)) {
      pruned[field.key] = null;
    }
  }
  return pruned;
}

/** A list column's reference as the list shows it: the id and the row's display name. */
export type ReferenceCell = { id: string; name: string | null };

/** A reference field's list cell: one cell, a list of cells, or null; deleted rows are left out. */
export function referenceCell(
  field: FieldDef,
  value: unknown,
  found: ReferencedRows,
): ReferenceCell | ReferenceCell[] | null {
  const target = targetOf(field);
  const cells = idsOf(value).flatMap((id) => {
    const row = found.get(`${target}:${id}`);
    return row === undefined ? [] : [{ id, name: row.name }];
  });
  return Array.isArray(value) ? cells : (cells[0] ?? null);
}
