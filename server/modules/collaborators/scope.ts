import {
  type CollaboratorRights,
  type CollaboratorScope,
  collaboratorScopeSchema,
} from "../../../domain/schemas/collaborator.ts";
import type { CollaboratorRow } from "./repository.ts";

/** A stored scope, read back through the schema that wrote it. */
export function scopeOf(row: CollaboratorRow): CollaboratorScope {
  return collaboratorScopeSchema.parse(JSON.parse(row.scope));
}

/** Stored rights: anything but `edit` reads only, as the file routes refuse its writes. */
export function rightsOf(row: CollaboratorRow): CollaboratorRights {
  return row.rights === "edit" ? "edit" : "view";
}
