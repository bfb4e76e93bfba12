/** Phone types of the spec's section 3, for person and institution phones. */
export const PHONE_TYPES = ["home", "mobile", "work", "workMobile", "other"] as const;
export type PhoneType = (typeof PHONE_TYPES)[number];

/** The type a phone gets when the form sends none. */
export const DEFAULT_PHONE_TYPE: PhoneType = "mobile";

export function isPhoneType(value: unknown): value is PhoneType {
  return typeof value === "string" && (PHONE_TYPES as readonly string[]).includes(value);
}

export function phoneTypeLabelKey(type: PhoneType): `phoneType.${PhoneType}` {
  return `phoneType.${type}`;
}
