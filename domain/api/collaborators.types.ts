import { z } from "zod";
import {
  COLLABORATOR_RIGHTS,
  COLLABORATOR_STATUSES,
  type CollaboratingView,
  type CollaboratorView,
  collaboratorInviteSchema,
  collaboratorUpdateSchema,
} from "../schemas/collaborator.ts";
import { SHAREABLE_MODULES } from "../schemas/share.ts";
import type { CategoryKey } from "../sections/index.ts";

const idParams = z.object({ id: z.string().max(64) });

/** A stored scope as answered: already checked when it was saved. */
const scopeAnswer = z.object({
  modules: z.array(z.enum(SHAREABLE_MODULES)),
  categories: z.array(z.custom<CategoryKey>((value) => typeof value === "string")),
  secrets: z.boolean(),
});

const collaboratorSchema: z.ZodType<CollaboratorView, CollaboratorView> = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  scope: scopeAnswer,
  rights: z.enum(COLLABORATOR_RIGHTS),
  status: z.enum(COLLABORATOR_STATUSES),
  invitedAt: z.number(),
  answeredAt: z.number().nullable(),
});

const collaboratingSchema: z.ZodType<CollaboratingView, CollaboratingView> = z.object({
  id: z.string(),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  scope: scopeAnswer,
  rights: z.enum(COLLABORATOR_RIGHTS),
  status: z.enum(COLLABORATOR_STATUSES),
});

export const collaboratorsTypes = {
  invite: { body: collaboratorInviteSchema, response: collaboratorSchema },
  list: { response: z.array(collaboratorSchema) },
  /** Scope and rights change at once; the row answered as it now is. */
  update: { params: idParams, body: collaboratorUpdateSchema, response: collaboratorSchema },
  /** Ends the access: the next request of the collaborator, on any server, is refused. */
  end: { params: idParams, response: z.null() },
  /** The files the caller helps with, and open invitations to their verified address. */
  collaborating: { response: z.array(collaboratingSchema) },
  accept: { params: idParams, response: collaboratingSchema },
  decline: { params: idParams, response: collaboratingSchema },
};
