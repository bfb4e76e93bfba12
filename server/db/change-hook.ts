/**
 * Told after a module saves or deletes one of an owner's rows (a person, an address, an
 * institution, a document), so that work derived from them (the search index) follows. The records
 * module's hook (records/service.ts RecordChangeHook) is the same, with the saved body.
 */
export type ChangeHook = {
  saved(ownerId: string, id: string): Promise<void>;
  deleted(ownerId: string, id: string): Promise<void>;
};
