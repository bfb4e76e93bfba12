/** Option lists of the person record (CATALOG section 4): mainDetails and relationDetails. */
export const GENDERS = ["female", "male", "x", "undisclosed"] as const;
export type Gender = (typeof GENDERS)[number];

export const MARITAL_STATUSES = [
  "single",
  "married",
  "commonLaw",
  "civilUnion",
  "separated",
  "divorced",
  "widowed",
] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

/** relationDetails.origin of a child or dependent; `other` reveals a free-text field. */
export const ORIGINS = ["biological", "adopted", "step", "foster", "guardianship", "other"] as const;
export type Origin = (typeof ORIGINS)[number];

export function isGender(value: unknown): value is Gender {
  return typeof value === "string" && (GENDERS as readonly string[]).includes(value);
}

export function isMaritalStatus(value: unknown): value is MaritalStatus {
  return typeof value === "string" && (MARITAL_STATUSES as readonly string[]).includes(value);
}

export function isOrigin(value: unknown): value is Origin {
  return typeof value === "string" && (ORIGINS as readonly string[]).includes(value);
}

export function genderLabelKey(gender: Gender): `gender.${Gender}` {
  return `gender.${gender}`;
}

export function maritalStatusLabelKey(status: MaritalStatus): `maritalStatus.${MaritalStatus}` {
  return `maritalStatus.${status}`;
}

export function originLabelKey(origin: Origin): `origin.${Origin}` {
  return `origin.${origin}`;
}

const LABEL_KEYS = {
  gender: (value: unknown) => (isGender(value) ? genderLabelKey(value) : null),
  maritalStatus: (value: unknown) => (isMaritalStatus(value) ? maritalStatusLabelKey(value) : null),
  origin: (value: unknown) => (isOrigin(value) ? originLabelKey(value) : null),
};

/** The option lists of the person record, by the name of the field that holds one. */
export type PersonOptionList = keyof typeof LABEL_KEYS;

/**
 * The `catalog` key naming a person's stored option (`gender.female`), or null when the value is
 * none of its list's (nothing chosen): what a person's page and the binder print.
 */
export function personOptionLabelKey(list: PersonOptionList, value: unknown): string | null {
  return LABEL_KEYS[list](value);
}
