import { countryName } from "../../domain/catalog/countries.ts";
import type { Address } from "../../domain/schemas/address.ts";
import type { VcardAddress } from "./contact.ts";

/** An address of the address book as a vCard ADR (the country by its English name, as address books write it). */
export function vcardAddressOf(address: Address, type: VcardAddress["type"]): VcardAddress {
  return {
    type,
    street: address.addressLine1,
    extended: address.addressLine2,
    locality: address.city,
    region: address.province ?? address.state ?? address.county,
    postalCode: address.zip,
    country: address.country === null ? null : (countryName(address.country, "en") ?? address.country),
  };
}
