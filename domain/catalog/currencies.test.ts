import { describe, expect, it } from "vitest";
import {
  currencyLabelKey,
  currencySymbol,
  DEFAULT_MONEY_CURRENCY,
  formatAmount,
  isMoneyCurrency,
  isPaymentCurrency,
  MONEY_CURRENCIES,
  PAYMENT_CURRENCIES,
} from "./currencies.ts";

// Spec section 9: "Payment currencies: cad (Canadian Dollar), gbp (United Kingdom Pound), usd
// (United States Dollar), eur (Euro)." Section 3: "Currency symbols: cad and usd as $, gbp as £,
// eur as €, otherwise the code."
describe("currencies", () => {
  it("payment currencies are the spec's four in its order", () => {
    expect(PAYMENT_CURRENCIES).toEqual(["cad", "gbp", "usd", "eur"]);
    expect(isPaymentCurrency("gbp")).toBe(true);
    expect(isPaymentCurrency("other")).toBe(false);
  });

  it("money fields offer the catalog's list, defaulting to cad", () => {
    expect(MONEY_CURRENCIES).toEqual(["cad", "usd", "gbp", "eur", "other"]);
    expect(DEFAULT_MONEY_CURRENCY).toBe("cad");
    expect(isMoneyCurrency("other")).toBe(true);
    expect(isMoneyCurrency("jpy")).toBe(false);
    expect(currencyLabelKey("eur")).toBe("currency.eur");
  });

  it("symbols follow the spec, in any case, else the code as given", () => {
    expect(currencySymbol("cad")).toBe("$");
    expect(currencySymbol("usd")).toBe("$");
    expect(currencySymbol("gbp")).toBe("£");
    expect(currencySymbol("eur")).toBe("€");
    expect(currencySymbol("CAD")).toBe("$");
    expect(currencySymbol("jpy")).toBe("jpy");
    expect(currencySymbol("CHF")).toBe("CHF");
  });
});

describe("formatAmount", () => {
  // fr-CA groups with a no-break space; which one is Intl's choice, so match any space.
  const spaces = (text: string) => text.replace(/[\s\u00a0\u202f]/g, " ");

  it("shows 2 decimals with thousands separators in English", () => {
    expect(formatAmount(123456789, "en")).toBe("1,234,567.89");
    expect(formatAmount(100, "en")).toBe("1.00");
    expect(formatAmount(5, "en")).toBe("0.05");
    expect(formatAmount(0, "en")).toBe("0.00");
    expect(formatAmount(-250075, "en")).toBe("-2,500.75");
  });

  it("uses French separators in French", () => {
    expect(spaces(formatAmount(123456789, "fr"))).toBe("1 234 567,89");
    expect(formatAmount(5, "fr")).toBe("0,05");
  });

  it("stays exact for amounts beyond float cents", () => {
    expect(formatAmount(Number.MAX_SAFE_INTEGER, "en")).toBe("90,071,992,547,409.91");
  });

  it("refuses fractions of a minor unit", () => {
    expect(() => formatAmount(1.5, "en")).toThrow(RangeError);
    expect(() => formatAmount(Number.NaN, "en")).toThrow(RangeError);
  });
});
