import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../domain/dates.ts";
import type { ChangedBy } from "../../domain/schemas/changedBy.ts";
import { useAccount } from "../session/account.ts";

/**
 * "Last changed by Sam, 14:02" on a record's, a person's, an address's or a company's view ("you"
 * for the signed-in account); nothing when who saved it is not known.
 */
export function LastChanged({
  changedBy,
  updateTime,
}: {
  changedBy?: ChangedBy | undefined;
  /** Epoch ms of that save. */
  updateTime?: number | undefined;
}) {
  const { t, i18n } = useTranslation();
  const viewerId = useAccount().data?.id;
  if (changedBy === null || changedBy === undefined || updateTime === undefined) return null;
  return (
    <Text size="sm" c="dimmed">
      {t("lastChanged.line", {
        name: changedBy.id === viewerId ? t("lastChanged.you") : changedBy.name,
        time: formatDateTime(updateTime, i18n.resolvedLanguage ?? i18n.language),
      })}
    </Text>
  );
}
