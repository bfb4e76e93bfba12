import { describe, expect, it } from "vitest";
import { isMoneyText, isNumberText, minorUnitsOfText, numberOfText, textOfMinorUnits } from "./numberText.ts";

describe("the spec's number input", () => {
  it("accepts an optional minus, digits and one decimal point only", () => {
    for (const text of ["", "-", "12", "-12.5", "3.", ".5"]) expect(isNumberText(text)).toBe(true);
    for (const text of ["1e3", "+1", "1.2.3", "1,000", "--1", "1-", "abc", " 1"]) {
      expect(isNumberText(text)).toBe(false);
    }
  });

  it("keeps money to two decimals, in minor units", () => {
    expect(isMoneyText("10.99")).toBe(true);
    expect(isMoneyText("10.999")).toBe(false);
    expect(minorUnitsOfText("1234.5")).toBe(123450);
    expect(minorUnitsOfText("-0.05")).toBe(-5);
    expect(minorUnitsOfText("-")).toBeNull();
    expect(textOfMinorUnits(123450)).toBe("1234.50");
    expect(textOfMinorUnits(-5)).toBe("-0.05");
    expect(numberOfText("3.")).toBe(3);
    expect(numberOfText(".")).toBeNull();
  });
});
