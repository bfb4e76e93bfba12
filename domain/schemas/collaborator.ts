import { z } from "zod";
import { categoryDef, isCategoryKey } from "../sections/index.ts";
import { requiredText } from "./fields.ts";
import { type ShareableModule, scopeFields } from "./share.ts";

/**
 * Collaborators (after Trustworthy's collaborators and Everplans' deputies): people an owner lets
 * work in the file now, within a scope and with view or edit rights. The scope is the nominees'
 * shape; the Password Vault and every secret field need their own explicit choice (`secrets`).
 *
 * Lifecycle: invited -> accepted or declined; the owner may change scope and rights at any time and
 * ends the access by deleting the collaborator, at once on every server.
 */

export const COLLABORATOR_RIGHTS = ["view", "edit"] as const;
export type CollaboratorRights = (typeof COLLABORATOR_RIGHTS)[number];

export const COLLABORATOR_STATUSES = ["invited", "accepted", "declined"] as const;
export type CollaboratorStatus = (typeof COLLABORATOR_STATUSES)[number];

const VAULT: ShareableModule = "passwordvault";

/** Whether the scope reaches the Password Vault, by its module or by one of its categories. */
function reachesVault(modules: readonly string[], categories: readonly string[]): boolean {
  return (
    modules.includes(VAULT) ||
    categories.some((key) => isCategoryKey(key) && categoryDef(key).module === VAULT)
  );
}

export const collaboratorScopeSchema = z
  .object({
    ...scopeFields,
    /** Secret fields in clear and the Password Vault: never implied by a module. */
    secrets: z.boolean({ error: "errors:fields.invalid_choice" }).default(false),
  })
  .refine((scope) => scope.modules.length + scope.categories.length > 0, {
    message: "errors:collaborators.scope_required",
    path: ["modules"],
  })
  .refine((scope) => scope.secrets || !reachesVault(scope.modules, scope.categories), {
    message: "errors:collaborators.vault_needs_secrets",
    path: ["secrets"],
  });

export type CollaboratorScope = z.output<typeof collaboratorScopeSchema>;

const rightsSchema = z.enum(COLLABORATOR_RIGHTS, { error: "errors:fields.invalid_choice" });

/** POST /api/collaborators: who is invited, to what, with which rights. */
export const collaboratorInviteSchema = z.object({
  email: requiredText("errors:collaborators.email_required")
    .pipe(z.email("errors:fields.invalid_email"))
    .transform((value) => value.toLowerCase()),
  firstName: requiredText("errors:collaborators.first_name_required"),
  lastName: requiredText("errors:collaborators.last_name_required"),
  scope: collaboratorScopeSchema,
  rights: rightsSchema,
});
export type CollaboratorInvite = z.output<typeof collaboratorInviteSchema>;

/** PUT /api/collaborators/{id}: scope and rights change at any time, effective at once. */
export const collaboratorUpdateSchema = z.object({
  scope: collaboratorScopeSchema,
  rights: rightsSchema,
});
export type CollaboratorUpdate = z.output<typeof collaboratorUpdateSchema>;

/** The owner's view of a collaborator (GET /api/collaborators). */
export type CollaboratorView = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  scope: CollaboratorScope;
  rights: CollaboratorRights;
  status: CollaboratorStatus;
  invitedAt: number;
  answeredAt: number | null;
};

/** The collaborator's view of a file they are invited to or help with (GET /api/collaborating). */
export type CollaboratingView = {
  id: string;
  owner: { id: string; name: string; email: string };
  scope: CollaboratorScope;
  rights: CollaboratorRights;
  status: CollaboratorStatus;
};
