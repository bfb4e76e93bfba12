import type { Kysely } from "kysely";
import type { AddressInput } from "../../../domain/schemas/address.ts";
import type { AddressTable, DB } from "../../db/schema.ts";
import { firstVersion } from "../../file/first-version.ts";
import { toColumns } from "./presenter.ts";
import { addressRepository } from "./repository.ts";

/** An address as an import restores it: its new id, its fields, when it was made and changed. */
export type RestoredAddress = AddressInput & { id: string; createTime: number; updateTime: number };

/**
 * The addresses module's public face for an import (server/modules/portability): the rows of
 * restored addresses, inserted in the import's transaction. Nicknames stay unique per owner (the
 * caller refuses an archive that repeats one; the unique index has the last word), saved by
 * `changedBy` (the owner, who imports, unless said).
 */
export function addressRows(
  ownerId: string,
  addresses: readonly RestoredAddress[],
  changedBy: string = ownerId,
): AddressTable[] {
  return addresses.map((address) => ({
    ...toColumns(address),
    id: address.id,
    ...firstVersion(ownerId, changedBy, address.createTime, address.updateTime),
  }));
}

export async function insertAddressRows(trx: Kysely<DB>, rows: readonly AddressTable[]): Promise<void> {
  const addresses = addressRepository(trx);
  for (const row of rows) await addresses.insert(row);
}
