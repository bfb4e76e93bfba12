/**
 * The person record's messages and list limits, apart from its zod schema (person.ts) so that the
 * screens naming them do not bring zod and the phone library with them.
 */
export const PERSON_MESSAGES = {
  firstName: "errors:network.first_name_required",
  group: "errors:network.group_required",
  type: "errors:network.type_required",
  typeOfOtherGroup: "errors:network.type_not_in_group",
} as const;

/** Emergency contacts and next of kin a person may list. */
export const EMERGENCY_CONTACTS_MAX = 20;
