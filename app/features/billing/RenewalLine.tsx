import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../domain/catalog/languages.ts";
import { formatDay } from "../../../domain/dates.ts";
import type { Subscription } from "../../../domain/schemas/subscription.ts";
import { money } from "./money.ts";

/**
 * When a plan renews and what that renewal bills, or the day it ends once cancelled, as Stripe
 * last said (a code's free period only ends). Shared by My Subscription and a company's /b2b.
 */
export function RenewalLine({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation("billing");
  const lng: Language = i18n.resolvedLanguage === "fr" ? "fr" : "en";
  const end = subscription.currentPeriodEnd;
  if (end === null) return null;
  const date = formatDay(end, lng);
  const renewal = subscription.renewal;
  const text =
    subscription.provider !== "stripe"
      ? t("current.endsOn", { date })
      : subscription.cancelAtPeriodEnd
        ? t("current.cancelsOn", { date })
        : renewal === null
          ? t("current.renewsOn", { date })
          : t("current.renewsOnFor", { date, amount: money(renewal.amount, renewal.currency, lng) });
  return <Text>{text}</Text>;
}
