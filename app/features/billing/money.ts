import { currencySymbol, formatAmount } from "../../../domain/catalog/currencies.ts";
import type { Language } from "../../../domain/catalog/languages.ts";

/** "$9.99" (the spec's symbols: cad and usd as $, gbp as £, eur as €), in the reader's number style. */
export function money(amount: number, currency: string, lng: Language): string {
  const symbol = currencySymbol(currency);
  const value = formatAmount(amount, lng);
  return lng === "fr" ? `${value} ${symbol}` : `${symbol}${value}`;
}
