import { describe, expect, it } from "vitest";
import {
  isProvinceKey,
  isProvinceName,
  PROVINCE_KEYS,
  PROVINCE_NAMES,
  provinceKeyFromName,
  provinceLabelKey,
  provinceName,
} from "./provinces.ts";

// Spec section 5, address rules: "For Canada a select of 13: ..."
const SPEC =
  "Alberta, British Columbia, Manitoba, New Brunswick, Newfoundland and Labrador, Northwest Territories, Nova Scotia, Nunavut, Ontario, Prince Edward Island, Quebec, Saskatchewan, Yukon";

describe("Canadian provinces and territories", () => {
  it("are the spec's 13 names verbatim and in order", () => {
    expect(PROVINCE_NAMES).toHaveLength(13);
    expect(PROVINCE_NAMES).toEqual(SPEC.split(", "));
  });

  it("have the catalog's keys", () => {
    expect(PROVINCE_KEYS).toEqual([
      "ab",
      "bc",
      "mb",
      "nb",
      "nl",
      "nt",
      "ns",
      "nu",
      "on",
      "pe",
      "qc",
      "sk",
      "yt",
    ]);
  });

  it("map key to stored name and back", () => {
    for (const key of PROVINCE_KEYS) expect(provinceKeyFromName(provinceName(key))).toBe(key);
    expect(provinceName("qc")).toBe("Quebec");
    expect(provinceKeyFromName("Prince Edward Island")).toBe("pe");
  });

  it("match names exactly, never the French label or another case", () => {
    expect(provinceKeyFromName("Québec")).toBeUndefined();
    expect(provinceKeyFromName("quebec")).toBeUndefined();
    expect(isProvinceName("Nunavut")).toBe(true);
    expect(isProvinceName("Nouvelle-Écosse")).toBe(false);
  });

  it("guard keys", () => {
    expect(isProvinceKey("yt")).toBe(true);
    expect(isProvinceKey("YT")).toBe(false);
    expect(() => provinceName("xx" as never)).toThrow(RangeError);
  });

  it("have label keys in the catalog namespace", () => {
    expect(provinceLabelKey("bc")).toBe("province.bc");
  });
});
