import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { recordDeadline } from "../../../domain/sections/deadlines.ts";
import type { CategoryDef } from "../../../domain/sections/types.ts";

/** The words of a deadline: days left, today, or past. */
function deadlineKey(kind: "expires" | "review", days: number): string {
  if (days < 0) return `deadline.${kind}Past`;
  if (days === 0) return `deadline.${kind}Today`;
  return `deadline.${kind}In`;
}

/**
 * "Expires in 54 days", "Expired", "Review due in 18 days": a record's nearest expiry or review
 * date, once its first reminder is due; nothing otherwise.
 */
export function DeadlineBadge({
  category,
  values,
}: {
  category: CategoryDef;
  values: Readonly<Record<string, unknown>>;
}) {
  const { t } = useTranslation("records");
  const deadline = recordDeadline(category, values, Date.now());
  if (!deadline) return null;
  const past = deadline.days < 0;
  return (
    <Badge color={past ? "red.9" : "yellow.3"} autoContrast variant="filled" tt="none" size="lg" radius="sm">
      {t(deadlineKey(deadline.kind, deadline.days), { count: deadline.days })}
    </Badge>
  );
}
