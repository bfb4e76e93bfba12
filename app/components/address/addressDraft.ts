import { CANADA, UNITED_KINGDOM } from "../../../domain/catalog/countryCodes.ts";
import type { Address } from "../../../domain/schemas/address.ts";

/** An address as its form holds it: text everywhere ("" for empty), the id when it is saved. */
export type AddressDraft = {
  id: string | null;
  name: string;
  addressLine1: string;
  addressLine2: string;
  mainIntersection: string;
  city: string;
  state: string;
  province: string;
  county: string;
  country: string;
  zip: string;
};

export function emptyAddressDraft(): AddressDraft {
  return {
    id: null,
    name: "",
    addressLine1: "",
    addressLine2: "",
    mainIntersection: "",
    city: "",
    state: "",
    province: "",
    county: "",
    country: "",
    zip: "",
  };
}

export function draftOf(address: Address): AddressDraft {
  const text = (value: string | null) => value ?? "";
  return {
    id: address.id,
    name: address.name,
    addressLine1: text(address.addressLine1),
    addressLine2: text(address.addressLine2),
    mainIntersection: text(address.mainIntersection),
    city: text(address.city),
    state: text(address.state),
    province: text(address.province),
    county: text(address.county),
    country: text(address.country),
    zip: text(address.zip),
  };
}

/** The spec: changing country clears state, zip, city, province and county. */
export function withCountry(draft: AddressDraft, country: string): AddressDraft {
  if (country === draft.country) return draft;
  return { ...draft, country, state: "", zip: "", city: "", province: "", county: "" };
}

/** Which region field a country uses: Canada's 13 provinces, the UK's counties, else free text. */
export type RegionField = "province" | "county" | "state";

export function regionFieldOf(country: string): RegionField {
  if (country === CANADA) return "province";
  if (country === UNITED_KINGDOM) return "county";
  return "state";
}

/** The region part of an address, whichever field the country uses. */
export function regionOf(address: Pick<Address, "province" | "county" | "state">): string | null {
  return address.province || address.county || address.state || null;
}
