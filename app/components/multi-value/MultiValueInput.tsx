import { ActionIcon, Button, Group, Stack, Text } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LIMITS } from "../../../domain/limits.ts";
import { FieldGroup } from "../form/FieldGroup.tsx";
import { addRow, canAddAfter, removeRow } from "./multiValueRows.ts";

export interface MultiValueRowProps<T> {
  value: T;
  index: number;
  /** The row's accessible name ("Email 2"). */
  label: string;
  onChange: (value: T) => void;
}

export interface MultiValueInputProps<T> {
  /** The group's visible name ("Emails"). */
  legend: string;
  /** What the rows are for (the "i" beside the legend). */
  hint: string;
  values: readonly T[];
  /** `edited` is the row whose value changed, or null when rows were added or removed. */
  onChange: (values: T[], edited: number | null) => void;
  emptyValue: () => T;
  isEmpty: (value: T) => boolean;
  renderRow: (row: MultiValueRowProps<T>) => ReactNode;
  /** "Email {{n}}" style name of one row, 1-based. */
  rowLabel: (position: number) => string;
  /** Accessible name of the Add button ("Add an email"); its visible text is "Add". */
  addLabel: string;
  max?: number;
}

/**
 * A list of rows (phones, emails) with the spec's multi-value rules. The Add button sits right
 * under the last row (beside it there is no room on a phone). Focus follows the change: Add moves
 * it to the new row, Remove to the row before.
 */
export function MultiValueInput<T>({
  legend,
  hint,
  values,
  onChange,
  emptyValue,
  isEmpty,
  renderRow,
  rowLabel,
  addLabel,
  max = LIMITS.multiValueRowsMax,
}: MultiValueInputProps<T>) {
  const { t } = useTranslation("forms");
  const container = useRef<HTMLFieldSetElement>(null);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const rows = values.length > 0 ? values : [emptyValue()];

  useEffect(() => {
    if (focusRow === null) return;
    container.current
      ?.querySelector<HTMLElement>(`[data-row="${focusRow}"] input, [data-row="${focusRow}"] select`)
      ?.focus();
    setFocusRow(null);
  }, [focusRow]);

  const update = (index: number, value: T) =>
    onChange(
      rows.map((row, position) => (position === index ? value : row)),
      index,
    );

  return (
    <FieldGroup ref={container} legend={legend} hint={hint}>
      <Stack gap="xs">
        {rows.map((row, index) => {
          const label = rowLabel(index + 1);
          return (
            // Rows have no identity of their own; every input in them is controlled by the value.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Group key={index} data-row={index} gap="xs" align="flex-start" wrap="nowrap">
              <div style={{ flex: 1, minWidth: 0 }}>
                {renderRow({ value: row, index, label, onChange: (value) => update(index, value) })}
              </div>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                mt={4}
                aria-label={t("multiValue.remove", { row: label })}
                onClick={() => {
                  onChange(removeRow(rows, index, emptyValue), null);
                  setFocusRow(Math.max(0, rows.length > 1 ? index - 1 : 0));
                }}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          );
        })}
        {canAddAfter(rows, rows.length - 1, isEmpty, max) && (
          <Group>
            <Button
              variant="light"
              size="compact-md"
              leftSection={<IconPlus size={16} aria-hidden />}
              aria-label={addLabel}
              onClick={() => {
                onChange(addRow(rows, emptyValue), null);
                setFocusRow(rows.length);
              }}
            >
              {t("multiValue.add")}
            </Button>
          </Group>
        )}
        {rows.length >= max && (
          <Text size="sm" c="dimmed">
            {t("multiValue.max", { max })}
          </Text>
        )}
      </Stack>
    </FieldGroup>
  );
}
