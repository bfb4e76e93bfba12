import "@mantine/core/styles/SimpleGrid.css";
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../domain/dates.ts";
import type { ChangedBy } from "../../../domain/schemas/changedBy.ts";

/** One field that differs: its label and each version's value drawn (null when empty). */
export interface ConflictRow {
  key: string;
  label: string;
  mine: ReactNode;
  theirs: ReactNode;
}

/** A field of a form shown as text in a conflict: "" when empty. */
export interface TextConflictField<V> {
  key: string;
  label: string;
  text: (values: V) => string;
}

/** The rows of the text fields whose values differ between the two versions. */
export function changedTextRows<V>(
  fields: readonly TextConflictField<V>[],
  mine: V,
  theirs: V,
): ConflictRow[] {
  return fields.flatMap((field) => {
    const [ours, saved] = [field.text(mine).trim(), field.text(theirs).trim()];
    return ours === saved
      ? []
      : [{ key: field.key, label: field.label, mine: ours || null, theirs: saved || null }];
  });
}

export interface EditConflictProps {
  /** The fields whose values differ between what this form would save and the saved version. */
  rows: readonly ConflictRow[];
  /** When the saved version was saved, when the row says so. */
  savedAt?: number | null;
  /** Who saved it, when the row says so. */
  changedBy?: ChangedBy;
  /** The signed-in account, to say "you" of a save from another tab. */
  viewerId: string | null;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onEdit: () => void;
  saving: boolean;
}

/**
 * A save refused because the row (a record, a person, a company) was saved since the form loaded
 * it: both versions side by side, field by field where they differ, and the three ways on. It
 * takes the focus when shown.
 */
export function EditConflict({
  rows,
  savedAt = null,
  changedBy = null,
  viewerId,
  onKeepMine,
  onTakeTheirs,
  onEdit,
  saving,
}: EditConflictProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    region.current?.focus();
  }, []);

  const time = savedAt === null ? null : formatDateTime(savedAt, i18n.resolvedLanguage ?? i18n.language);
  const name = changedBy === null ? null : changedBy.id === viewerId ? t("conflict.you") : changedBy.name;
  const intro =
    time === null
      ? t("conflict.introAnyone")
      : name === null
        ? t("conflict.introUnknown", { time })
        : t("conflict.intro", { name, time });
  const column = (label: string, value: ReactNode) => (
    <Stack gap={2} style={{ minWidth: 0, overflowWrap: "anywhere" }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {value === null || value === undefined ? <Text>{t("conflict.empty")}</Text> : value}
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
        <Text>{intro}</Text>
        {rows.length === 0 ? (
          <Text>{t("conflict.sameFields")}</Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {rows.map((row) => (
              <Paper component="li" key={row.key} withBorder p="sm">
                <Text fw={700} size="sm" mb="xs">
                  {row.label}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {column(t("conflict.mine"), row.mine)}
                  {column(t("conflict.theirs"), row.theirs)}
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

/** What settling a conflict did ("The saved version is now in the form."), read out when it changes. */
export function EditConflictNotice({ notice }: { notice: string | null }) {
  return (
    <Text role="status" size="sm">
      {notice}
    </Text>
  );
}
