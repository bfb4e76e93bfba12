import { countryCodeOf, countryName } from "../../domain/catalog/countries.ts";
import { CANADA, UNITED_KINGDOM } from "../../domain/catalog/countryCodes.ts";
import { PROVINCES } from "../../domain/catalog/provinces.ts";
import { isUkCounty } from "../../domain/catalog/ukCounties.ts";
import type { Address } from "../../domain/schemas/address.ts";
import type { CardAddress } from "../../domain/schemas/vcard.ts";
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

/** A Canadian region as the address book keeps it: a province's name, written out or abbreviated ("ON"). */
function provinceOf(region: string): string | null {
  const lower = region.trim().toLowerCase();
  return (
    PROVINCES.find((province) => province.name.toLowerCase() === lower || province.key === lower)?.name ??
    null
  );
}

/**
 * An ADR in the address book's fields: the country read from its code or its English or French
 * name; the region a province in Canada (left out when it is none), a county in the United Kingdom
 * (likewise), else free text. Null when the card's address holds nothing.
 */
export function cardAddressOf(address: VcardAddress | undefined): CardAddress {
  if (address === undefined) return null;
  const country = address.country === null ? null : (countryCodeOf(address.country) ?? null);
  const region = address.region;
  const fields = {
    addressLine1: address.street,
    addressLine2: address.extended,
    city: address.locality,
    state: region !== null && country !== CANADA && country !== UNITED_KINGDOM ? region : null,
    province: region !== null && country === CANADA ? provinceOf(region) : null,
    county: region !== null && country === UNITED_KINGDOM && isUkCounty(region) ? region : null,
    country,
    zip: address.postalCode,
  };
  return Object.values(fields).some((value) => value !== null) ? fields : null;
}
