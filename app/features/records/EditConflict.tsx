import "@mantine/core/styles/SimpleGrid.css";
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../domain/dates.ts";
import { hasOtherOption, isFieldVisible, otherFieldKey } from "../../../domain/sections/fields.ts";
import { fieldLabelKey } from "../../../domain/sections/labels.ts";
import type { RecordBody } from "../../../domain/sections/schema.ts";
import type { CategoryDef, FieldDef } from "../../../domain/sections/types.ts";
import { FieldDisplay, isFilledValue } from "../../components/fields/FieldDisplay.tsx";
import type { RecordItem } from "./recordsApi.ts";

/** A value as comparable text: empty values alike, object keys in one order. */
function comparable(value: unknown): string {
  if (!isFilledValue(value)) return "";
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** The fields whose values differ between the two versions (a field's `other` text included). */
export function changedFields(category: CategoryDef, mine: RecordBody, theirs: RecordBody): FieldDef[] {
  return category.fields.filter((field) => {
    if (!isFieldVisible(field, mine) && !isFieldVisible(field, theirs)) return false;
    const keys = hasOtherOption(field) ? [field.key, otherFieldKey(field)] : [field.key];
    return keys.some((key) => comparable(mine[key]) !== comparable(theirs[key]));
  });
}

export interface EditConflictProps {
  category: CategoryDef;
  /** What this form would save. */
  mine: RecordBody;
  /** The version saved since the form was opened, as the refused save answered it. */
  current: RecordItem;
  /** The signed-in account, to say "you" of a save from another tab. */
  viewerId: string | null;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onEdit: () => void;
  saving: boolean;
}

/**
 * A save refused because the record was saved since the form loaded it: both versions side by
 * side, field by field where they differ, and the three ways on. It takes the focus when shown.
 */
export function EditConflict({
  category,
  mine,
  current,
  viewerId,
  onKeepMine,
  onTakeTheirs,
  onEdit,
  saving,
}: EditConflictProps) {
  const { t, i18n } = useTranslation(["records", "sections"]);
  const titleId = useId();
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    region.current?.focus();
  }, []);

  const time = formatDateTime(current.updateTime, i18n.resolvedLanguage ?? i18n.language);
  const by = current.changedBy;
  const name = by === null || by === undefined ? null : by.id === viewerId ? t("view.you") : by.name;
  const changed = changedFields(category, mine, current.body);
  const column = (label: string, field: FieldDef, body: RecordBody) => (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {isFilledValue(body[field.key]) ? (
        <FieldDisplay
          field={field}
          label={t(fieldLabelKey(category.key, field.key))}
          value={body[field.key]}
          otherText={hasOtherOption(field) ? body[otherFieldKey(field)] : undefined}
        />
      ) : (
        <Text>{t("conflict.empty")}</Text>
      )}
    </Stack>
  );

  return (
    <Paper
      ref={region}
      component="section"
      aria-labelledby={titleId}
      tabIndex={-1}
      withBorder
      p="md"
      style={{ borderColor: "var(--mantine-color-yellow-filled)" }}
    >
      <Stack gap="md">
        <Title order={2} size="h3" id={titleId}>
          {t("conflict.title")}
        </Title>
        <Text>
          {name === null ? t("conflict.introUnknown", { time }) : t("conflict.intro", { name, time })}
        </Text>
        {changed.length === 0 ? (
          <Text>{t("conflict.sameFields")}</Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {changed.map((field) => (
              <Paper component="li" key={field.key} withBorder p="sm">
                <Text fw={700} size="sm" mb="xs">
                  {t(fieldLabelKey(category.key, field.key))}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {column(t("conflict.mine"), field, mine)}
                  {column(t("conflict.theirs"), field, current.body)}
                </SimpleGrid>
              </Paper>
            ))}
          </Stack>
        )}
        <Group gap="sm">
          <Button onClick={onKeepMine} loading={saving}>
            {t("conflict.keepMine")}
          </Button>
          <Button variant="default" onClick={onTakeTheirs} disabled={saving}>
            {t("conflict.takeTheirs")}
          </Button>
          <Button variant="subtle" onClick={onEdit} disabled={saving}>
            {t("conflict.edit")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
