import type { AddressUse } from "../addresses/index.ts";
import { personName } from "./presenter.ts";
import { personRepository } from "./repository.ts";

/** The persons living, receiving mail or working at an address (the persons module's public face). */
export const personAddressUse: AddressUse = {
  async usages(db, ownerId, addressId) {
    const rows = await personRepository(db).usingAddress(ownerId, addressId);
    return rows.map((row) => ({ kind: "person", id: row.id, name: personName(row) }));
  },
  clear: (db, ownerId, addressId) => personRepository(db).clearAddress(ownerId, addressId),
};
