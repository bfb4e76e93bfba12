import type { AddressUse } from "../addresses/index.ts";
import { institutionRepository } from "./repository.ts";

/** The institutions at an address (the institutions module's public face). */
export const institutionAddressUse: AddressUse = {
  async usages(db, ownerId, addressId) {
    const rows = await institutionRepository(db).usingAddress(ownerId, addressId);
    return rows.map((row) => ({ kind: "institution", id: row.id, name: row.name }));
  },
  clear: (db, ownerId, addressId) => institutionRepository(db).clearAddress(ownerId, addressId),
};
