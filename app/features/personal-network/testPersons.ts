import type { PersonListItem, PersonRecord } from "../../../domain/schemas/person.ts";
import { listItem } from "../../../domain/testing/persons.ts";
import { personalNetworkRoutes } from "./routes.ts";

/** The Personal Network's routes where the app mounts them, for tests. */
export const NETWORK_TEST_ROUTES = [{ path: "/dashboard", children: [personalNetworkRoutes] }];

export { listItem };

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
