export { ownerIdentity } from "./mails.ts";
export { nomineeCounts } from "./nominee-counts.ts";
export { releasedGrantsOf } from "./released-grant.ts";
export { insertShareDefinitions, listShareDefinitions, ownerEmailOf } from "./share-definitions.ts";
export {
  type DocumentPlace,
  documentPlaceCovered,
  documentVisibility,
  type ScopedFile,
  scopeInclude,
} from "./shared-scope.ts";
