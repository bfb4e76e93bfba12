import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatAmount } from "../../../domain/catalog/currencies.ts";
import { formatDate } from "../../../domain/dates.ts";
import { currentLanguage } from "../../i18n/i18n.ts";

/** How the admin tables write amounts, percentages and dates, in the reader's language. */
export function useAdminFormats() {
  const { i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  return useMemo(() => {
    const percent = new Intl.NumberFormat(lng, { style: "percent" });
    return {
      /** Minor units in major units: 999 -> "9.99" ("9,99" in French). */
      amount: (minorUnits: number) => formatAmount(minorUnits, lng),
      /** 20 -> "20%" ("20 %" in French). */
      percent: (value: number) => percent.format(value / 100),
      // Expiry dates are calendar dates kept at UTC midnight: read in UTC, they show the day chosen.
      date: (epochMs: number) => formatDate(epochMs, lng) ?? "",
    };
  }, [lng]);
}
