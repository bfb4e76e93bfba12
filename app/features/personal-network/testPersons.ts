import type { PersonGroup } from "../../../domain/catalog/relationships.ts";
import type { PersonListItem, PersonRecord } from "../../../domain/schemas/person.ts";
import type { Phone } from "../../../domain/schemas/phone.ts";
import { personalNetworkRoutes } from "./routes.ts";

/** The Personal Network's routes where the app mounts them, for tests. */
export const NETWORK_TEST_ROUTES = [{ path: "/dashboard", children: [personalNetworkRoutes] }];

let next = 0;

/** A person as a group list answers it. */
export function listItem(
  group: PersonGroup,
  firstName: string,
  overrides: {
    lastName?: string | null;
    type?: string | null;
    birthday?: number | null;
    phone?: Phone;
    email?: string;
    id?: string;
  } = {},
): PersonListItem {
  next += 1;
  return {
    id: overrides.id ?? `${group}-${next}`,
    createTime: next,
    group,
    type: overrides.type ?? null,
    mainDetails: {
      firstName,
      lastName: overrides.lastName === undefined ? "Lovelace" : overrides.lastName,
      birthday: overrides.birthday ?? null,
      imageSrc: null,
    },
    contactDetails: {
      emails: overrides.email ? [overrides.email] : [],
      phones: overrides.phone ? [overrides.phone] : [],
    },
  };
}

/** A full record as GET /api/pn/person/{group}/{id} answers it. */
export function fullRecord(item: PersonListItem): PersonRecord {
  return {
    id: item.id,
    createTime: item.createTime,
    updateTime: item.createTime,
    group: item.group,
    type: item.type,
    contactDetails: item.contactDetails,
    homeAddress: null,
    mailingAddress: null,
    iceDetails: { emergencyContacts: [] },
    kinDetails: { emergencyContacts: [] },
    importantDates: { death: null, divorce: null, marriage: null, separation: null },
    mainDetails: {
      ...item.mainDetails,
      birthcountry: null,
      birthplace: null,
      citizenship: null,
      gender: null,
      maritalStatus: null,
      middleName: null,
      motherMaidenName: null,
      nickname: null,
      prefferedName: null,
      socialNumber: null,
    },
    notes: null,
    relationDetails: null,
    currentPartner: item.group === "partner" ? true : null,
    businessAddress: null,
    companyName: null,
    otherType: null,
  };
}
