export { ownerIdentity } from "./mails.ts";
export { nomineeCounts } from "./nominee-counts.ts";
export { releasedGrantsOf } from "./released-grant.ts";
export { insertShareDefinitions, listShareDefinitions, ownerEmailOf } from "./share-definitions.ts";
export type { ScopeReaders } from "./shared-scope.ts";
export {
  type DocumentPlace,
  documentIsVisible,
  documentVisibility,
  type ScopedFile,
} from "./shared-scope.ts";
export { grantVisibility } from "./shared-search.ts";
