import { type CollaboratorScope, collaboratorScopeSchema } from "../../../domain/schemas/collaborator.ts";
import type { CollaboratorRow } from "./repository.ts";

/** A stored scope, read back through the schema that wrote it. */
export function scopeOf(row: CollaboratorRow): CollaboratorScope {
  return collaboratorScopeSchema.parse(JSON.parse(row.scope));
}
