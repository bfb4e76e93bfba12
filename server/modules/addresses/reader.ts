import type { Kysely } from "kysely";
import type { Address } from "../../../domain/schemas/address.ts";
import type { DB } from "../../db/schema.ts";
import { toAddress } from "./presenter.ts";
import { addressRepository } from "./repository.ts";

/** The addresses module's public face for reading: an owner's address in the shape its routes answer. */
export function addressReader(db: Kysely<DB>) {
  const addresses = addressRepository(db);
  return {
    async read(ownerId: string, id: string): Promise<Address | undefined> {
      const row = await addresses.find(ownerId, id);
      return row === undefined ? undefined : toAddress(row);
    },
    /** Every one of the owner's addresses, by nickname, with when each was made and changed. */
    async listAll(ownerId: string): Promise<(Address & { createTime: number; updateTime: number })[]> {
      const rows = await addresses.list(ownerId);
      return rows.map((row) => ({
        ...toAddress(row),
        createTime: Number(row.created_at),
        updateTime: Number(row.updated_at),
      }));
    },
    ownerOf: addresses.ownerOf,
  };
}
