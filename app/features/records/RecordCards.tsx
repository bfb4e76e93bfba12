import { Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "../../../domain/dates.ts";
import type { AssignedType } from "../../../domain/sections/assignedTypes.ts";
import { listColumns, titleFieldOf } from "../../../domain/sections/index.ts";
import { categoryOneKey, fieldLabelKey } from "../../../domain/sections/labels.ts";
import type { CategoryDef } from "../../../domain/sections/types.ts";
import { FieldDisplay, isFilledValue } from "../../components/fields/FieldDisplay.tsx";
import { viewPath } from "../../shell/recordPaths.ts";
import { DeadlineBadge } from "./DeadlineBadge.tsx";
import type { RecordListItem } from "./recordsApi.ts";
import { useRecordTitle } from "./recordTitle.ts";

export interface RecordCardsProps {
  category: CategoryDef;
  items: readonly RecordListItem[];
  /** The list's own path: each card opens `{listPath}/view/{id}`. */
  listPath: string;
  /** Names the list ("Passwords: records"). */
  label: string;
}

/**
 * A category's records on a phone: one card each, the whole card a link to the record, headed by
 * the record's name with its other list columns and its expiry badge beneath.
 */
export function RecordCards({ category, items, listPath, label }: RecordCardsProps) {
  const { t, i18n } = useTranslation(["records", "sections"]);
  const title = useRecordTitle();
  const titleKey = titleFieldOf(category).key;
  const details = listColumns(category).filter((field) => field.key !== titleKey);
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label={label}>
      {items.map((item, index) => (
        <li key={item.id}>
          <Paper
            component={Link}
            to={viewPath(listPath, item.id)}
            withBorder
            p="md"
            style={{ display: "block", color: "inherit", textDecoration: "none", overflowWrap: "break-word" }}
          >
            <Group justify="space-between" align="flex-start" gap="xs">
              <Text fw={700} td="underline" style={{ minWidth: 0 }}>
                {title(category, item) ?? `${t(categoryOneKey(category.key as AssignedType))} ${index + 1}`}
              </Text>
              <DeadlineBadge category={category} values={item.columns} />
            </Group>
            <Stack gap={2} mt="xs">
              {details.length === 0 && (
                <Text size="sm">
                  {t("list.created")}: {formatDate(item.createTime, i18n.language)}
                </Text>
              )}
              {details
                .filter((field) => isFilledValue(item.columns[field.key]))
                .map((field) => {
                  const fieldLabel = t(fieldLabelKey(category.key, field.key));
                  return (
                    <Group key={field.key} gap={6} align="baseline" wrap="wrap">
                      <Text size="sm" c="dimmed">
                        {fieldLabel}
                      </Text>
                      <FieldDisplay field={field} label={fieldLabel} value={item.columns[field.key]} inLink />
                    </Group>
                  );
                })}
            </Stack>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
