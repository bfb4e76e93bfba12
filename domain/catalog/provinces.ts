/**
 * The 13 Canadian provinces and territories. Addresses store the English name verbatim as the
 * spec lists it (e.g. "Quebec"); records store the key (`qc`). The French label is display only.
 */
export const PROVINCES = [
  { key: "ab", name: "Alberta" },
  { key: "bc", name: "British Columbia" },
  { key: "mb", name: "Manitoba" },
  { key: "nb", name: "New Brunswick" },
  { key: "nl", name: "Newfoundland and Labrador" },
  { key: "nt", name: "Northwest Territories" },
  { key: "ns", name: "Nova Scotia" },
  { key: "nu", name: "Nunavut" },
  { key: "on", name: "Ontario" },
  { key: "pe", name: "Prince Edward Island" },
  { key: "qc", name: "Quebec" },
  { key: "sk", name: "Saskatchewan" },
  { key: "yt", name: "Yukon" },
] as const;

export type ProvinceKey = (typeof PROVINCES)[number]["key"];
export type ProvinceName = (typeof PROVINCES)[number]["name"];

export const PROVINCE_KEYS: readonly ProvinceKey[] = PROVINCES.map((province) => province.key);
/** The English names, in the spec's order: the options of the address picker's Canada select. */
export const PROVINCE_NAMES: readonly ProvinceName[] = PROVINCES.map((province) => province.name);

export function isProvinceKey(value: unknown): value is ProvinceKey {
  return typeof value === "string" && (PROVINCE_KEYS as readonly string[]).includes(value);
}

export function isProvinceName(value: unknown): value is ProvinceName {
  return typeof value === "string" && (PROVINCE_NAMES as readonly string[]).includes(value);
}

/** The stored English name of a province key. */
export function provinceName(key: ProvinceKey): ProvinceName {
  const province = PROVINCES.find((entry) => entry.key === key);
  if (!province) throw new RangeError(`Unknown province key: ${key}`);
  return province.name;
}

/** The key of a stored English name (exact match), or undefined for any other text. */
export function provinceKeyFromName(name: string): ProvinceKey | undefined {
  return PROVINCES.find((entry) => entry.name === name)?.key;
}

export function provinceLabelKey(key: ProvinceKey): `province.${ProvinceKey}` {
  return `province.${key}`;
}
