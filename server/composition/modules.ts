import type { ModuleMount } from "./dependencies.ts";
import { mountAccountDeletion } from "./mounts/account-deletion.ts";
import { mountBilling } from "./mounts/billing.ts";
import { mountHttpRoutes } from "./mounts/http-routes.ts";
import { mountIdentity } from "./mounts/identity.ts";
import { mountActivity, mountListExport, mountOwnerFile } from "./mounts/owner-file.ts";
import { mountPortability } from "./mounts/portability.ts";
import { mountBinderAndSharing, mountCollaborators } from "./mounts/sharing.ts";
import { mountDevMailbox, mountWebApp } from "./mounts/web.ts";

/**
 * Every part of the app, in the order it is mounted: the account's deletion steps run in this
 * order, and the web app comes last.
 */
export const APP_MODULES: readonly ModuleMount[] = [
  mountHttpRoutes,
  mountIdentity,
  mountOwnerFile,
  mountListExport,
  mountActivity,
  mountBinderAndSharing,
  mountCollaborators,
  mountPortability,
  mountAccountDeletion,
  mountBilling,
  mountDevMailbox,
  mountWebApp,
];
