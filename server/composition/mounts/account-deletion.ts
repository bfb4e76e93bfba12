import type { Kysely } from "kysely";
import { forgetDataKey } from "../../crypto/data-keys.ts";
import type { DB } from "../../db/schema.ts";
import { FILE_KINDS } from "../../file/kinds.ts";
import { forgetActivity } from "../../modules/activity/routes.ts";
import { forgetCollaborators } from "../../modules/collaborators/routes.ts";
import { forgetNotApplicable } from "../../modules/home/routes.ts";
import { forgetImportRun } from "../../modules/portability/import-lock.ts";
import { forgetSearchTerms } from "../../modules/search/routes.ts";
import { forgetSharing } from "../../modules/sharing/forget-account.ts";
import type { ModuleMount } from "../dependencies.ts";

/**
 * What deleting an account removes, module by module, before its identity rows; the whole file's
 * deletion is published first (the list answers drop the account's lists once it commits).
 */
export const mountAccountDeletion: ModuleMount = async (_app, { eraser, changes, blobs, listCache }) => {
  for (const hook of [
    (userId: string, trx: Kysely<DB>) =>
      changes.publish(trx, { kind: "file", operation: "deleted", ownerId: userId, id: userId }),
    forgetDataKey,
    forgetActivity,
    ...FILE_KINDS.map((kind) => kind.forget({ blobs, listCache })),
    forgetSharing,
    forgetCollaborators,
    forgetSearchTerms,
    forgetImportRun,
    forgetNotApplicable,
  ])
    eraser.add(hook);
};
