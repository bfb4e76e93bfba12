/*
 * The spec's custom number input: only an optional minus sign, digits and one decimal point.
 * Money keeps at most two decimals and is stored in minor units (cents), so no float creeps in.
 */

const NUMBER_TEXT = /^-?\d*\.?\d*$/;
const MONEY_TEXT = /^-?\d*(\.\d{0,2})?$/;

/** Whether a keystroke leaves text the number input accepts (partial entries such as "-" or "3." included). */
export function isNumberText(text: string): boolean {
  return NUMBER_TEXT.test(text);
}

export function isMoneyText(text: string): boolean {
  return MONEY_TEXT.test(text);
}

/** The number typed, or null while there is none ("", "-", "."). */
export function numberOfText(text: string): number | null {
  if (!/\d/.test(text)) return null;
  const value = Number(text.endsWith(".") ? text.slice(0, -1) : text);
  return Number.isFinite(value) ? value : null;
}

/** Typed money as minor units: "1234.5" -> 123450, "-0.05" -> -5; null while there is none. */
export function minorUnitsOfText(text: string): number | null {
  if (!/\d/.test(text) || !isMoneyText(text)) return null;
  const negative = text.startsWith("-");
  const [whole = "", fraction = ""] = text.replace("-", "").split(".");
  const units = Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(units)) return null;
  return negative ? -units : units;
}

/** Minor units as the input's text: 123450 -> "1234.50". */
export function textOfMinorUnits(units: number | null): string {
  if (units === null) return "";
  const digits = String(Math.abs(units)).padStart(3, "0");
  return `${units < 0 ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
