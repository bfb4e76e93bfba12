import type { Kysely } from "kysely";
import type { AddressUsage } from "../../../domain/schemas/address.ts";
import type { DB } from "../../db/schema.ts";

/**
 * What the addresses module asks of a module whose rows name addresses (persons, institutions),
 * which each answer from their own repository: where an address is used, and clearing it from
 * their rows when it is deleted (in the caller's transaction).
 */
export type AddressUse = {
  usages(db: Kysely<DB>, ownerId: string, addressId: string): Promise<AddressUsage[]>;
  clear(db: Kysely<DB>, ownerId: string, addressId: string): Promise<void>;
};
