import { Box, Button, CopyButton, Group, Stack, Text } from "@mantine/core";
import { IconCopy, IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { BillingCode } from "../../../domain/schemas/subscription.ts";
import { FormDialog } from "../../components/dialogs/FormDialog.tsx";
import { downloadText } from "../../components/download.ts";
import { textOfMinorUnits } from "../../components/fields/numberText.ts";
import { isoDateOf } from "../../components/isoDate.ts";

const CSV_COLUMNS = "code,kind,percentOff,amountOff,currency,periodDays,expiresOn,maxUses";

/**
 * The codes as CSV (RFC 4180 line ends), for a spreadsheet or a mail merge. Every value is a code,
 * a kind, a number or a date: none holds a comma or a quote to escape.
 */
export function codesCsv(codes: readonly BillingCode[]): string {
  const rows = codes.map((code) =>
    [
      code.code,
      code.kind,
      code.percentOff ?? "",
      code.amountOff === null ? "" : textOfMinorUnits(code.amountOff),
      code.currency ?? "",
      code.periodDays ?? "",
      isoDateOf(code.expiresAt),
      code.maxUses ?? "",
    ].join(","),
  );
  return `${[CSV_COLUMNS, ...rows].join("\r\n")}\r\n`;
}

export interface CreatedCodesDialogProps {
  /** The codes just made; null while the dialog is closed. */
  codes: BillingCode[] | null;
  onClose: () => void;
}

/** The codes a batch made, to hand out: copied one per line, or downloaded as CSV. */
export function CreatedCodesDialog({ codes, onClose }: CreatedCodesDialogProps) {
  const { t } = useTranslation("admin");
  const list = codes ?? [];
  return (
    <FormDialog
      opened={codes !== null}
      title={t("codes.created.title", { count: list.length })}
      onClose={onClose}
    >
      <Stack gap="md">
        <Text>{t("codes.created.body")}</Text>
        {/* Up to 500 codes: the list scrolls, and takes the focus so the keyboard can scroll it. */}
        <Box
          component="ul"
          aria-label={t("codes.created.listLabel")}
          tabIndex={0}
          mah={320}
          p="xs"
          m={0}
          ff="monospace"
          style={{
            listStyle: "none",
            overflowY: "auto",
            border: "1px solid var(--mantine-color-default-border)",
          }}
        >
          {list.map((code) => (
            <li key={code.id}>{code.code}</li>
          ))}
        </Box>
        <Group gap="sm">
          <CopyButton value={list.map((code) => code.code).join("\n")}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                leftSection={<IconCopy size={16} aria-hidden="true" />}
                onClick={copy}
              >
                {copied ? t("codes.copied") : t("codes.created.copyAll")}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            onClick={() => downloadText("kinfile-codes.csv", codesCsv(list), "text/csv;charset=utf-8")}
          >
            {t("codes.created.download")}
          </Button>
          <Button onClick={onClose} data-autofocus>
            {t("codes.created.done")}
          </Button>
        </Group>
      </Stack>
    </FormDialog>
  );
}
