import { describe, expect, it } from "vitest";
import { isPhoneType, PHONE_TYPES, phoneTypeLabelKey } from "./phones.ts";

// Spec section 3: "Phone types: home, mobile, work, workMobile, other."
const SPEC = "home, mobile, work, workMobile, other";

describe("phone types", () => {
  it("are the spec's five types in order", () => {
    expect(PHONE_TYPES).toEqual(SPEC.split(", "));
  });

  it("guard accepts only those keys", () => {
    expect(isPhoneType("workMobile")).toBe(true);
    expect(isPhoneType("fax")).toBe(false);
    expect(isPhoneType(null)).toBe(false);
  });

  it("have label keys in the catalog namespace", () => {
    expect(phoneTypeLabelKey("mobile")).toBe("phoneType.mobile");
  });
});
