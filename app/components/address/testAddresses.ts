import type { Versioned } from "../../../domain/api/versions.ts";
import type { Address } from "../../../domain/schemas/address.ts";

/** A saved address, as the address book answers it, for the address components' tests. */
export const HOME: Versioned<Address> = {
  id: "0b6f2c52-0000-4000-8000-000000000001",
  name: "Home",
  addressLine1: "12 Main Street",
  addressLine2: null,
  mainIntersection: null,
  city: "Toronto",
  state: null,
  province: "Ontario",
  county: null,
  country: "CA",
  zip: "M5V 1A1",
  version: 3,
};
