import { type Address, type AddressInput, nicknameKey } from "../../../domain/schemas/address.ts";
import type { AddressTable } from "../../db/schema.ts";

/** The spec's address, exactly its fields. */
export function toAddress(row: AddressTable): Address {
  return {
    id: row.id,
    name: row.name,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    mainIntersection: row.main_intersection,
    city: row.city,
    state: row.state,
    province: row.province,
    county: row.county,
    country: row.country,
    zip: row.zip,
  };
}

export function toColumns(
  input: AddressInput,
): Omit<AddressTable, "id" | "owner_id" | "created_at" | "updated_at" | "version" | "updated_by"> {
  return {
    name: input.name,
    name_key: nicknameKey(input.name),
    address_line1: input.addressLine1,
    address_line2: input.addressLine2,
    main_intersection: input.mainIntersection,
    city: input.city,
    state: input.state,
    province: input.province,
    county: input.county,
    country: input.country,
    zip: input.zip,
  };
}
