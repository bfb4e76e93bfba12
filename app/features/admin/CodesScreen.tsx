import { Button, CopyButton, Group, Text, VisuallyHidden } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { BillingCode } from "../../../domain/schemas/subscription.ts";
import { FormDialog } from "../../components/dialogs/FormDialog.tsx";
import { Loaded } from "../../components/Loaded.tsx";
import type { TableColumn } from "../../components/PagedTable.tsx";
import { useBillingSettings } from "../../session/billingSettings.ts";
import { showToast } from "../../shell/toast.ts";
import { AdminScreen } from "./AdminScreen.tsx";
import { AdminTable, useArchiveColumns } from "./AdminTable.tsx";
import { adminCodes } from "./adminBillingApi.ts";
import { CodeForm } from "./CodeForm.tsx";
import { CreatedCodesDialog } from "./CreatedCodesDialog.tsx";
import { useAdminFormats } from "./useAdminFormats.ts";

/** /admin/codes: discounts, eVouchers and unique subscription codes, and new ones in batches. */
export function CodesScreen() {
  const { t } = useTranslation("admin");
  const codes = adminCodes.useList();
  // Read with the list: with billing off the form offers no discount.
  const settings = useBillingSettings();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<BillingCode[] | null>(null);

  const showCreated = (batch: BillingCode[]) => {
    setCreating(false);
    setCreated(batch);
    showToast(t("codes.createdToast", { count: batch.length }));
  };

  return (
    <AdminScreen
      title={t("codes.heading")}
      action={
        <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setCreating(true)}>
          {t("codes.new")}
        </Button>
      }
    >
      <CodeTable query={codes} />
      <FormDialog opened={creating} title={t("codes.new")} onClose={() => setCreating(false)}>
        <Loaded query={settings} failure={t("settingsFailed")}>
          {({ mode }) => <CodeForm mode={mode} onCreated={showCreated} onCancel={() => setCreating(false)} />}
        </Loaded>
      </FormDialog>
      <CreatedCodesDialog codes={created} onClose={() => setCreated(null)} />
    </AdminScreen>
  );
}

type CodeStatus = "active" | "expired" | "usedUp" | "archived";

function statusOf(code: BillingCode, now: number): CodeStatus {
  if (code.archived) return "archived";
  if (code.expiresAt !== null && code.expiresAt <= now) return "expired";
  if (code.maxUses !== null && code.uses >= code.maxUses) return "usedUp";
  return "active";
}

function CodeTable({ query }: { query: UseQueryResult<BillingCode[]> }) {
  const { t } = useTranslation("admin");
  const formats = useAdminFormats();
  const archive = adminCodes.useArchive();
  const archiving = useArchiveColumns<BillingCode>(
    "codes",
    (code) => code.code,
    (code) => archive.mutateAsync(code.id),
  );
  const now = Date.now();

  const worth = (code: BillingCode): string => {
    if (code.percentOff !== null) return formats.percent(code.percentOff);
    if (code.amountOff !== null)
      return `${formats.amount(code.amountOff)} ${code.currency?.toUpperCase() ?? ""}`;
    if (code.periodDays !== null) return t("codes.days", { count: code.periodDays });
    return "—";
  };

  const columns: TableColumn<BillingCode>[] = [
    {
      header: t("codes.columns.code"),
      cell: (code) => (
        <Group gap="xs" wrap="nowrap">
          <Text component="code" ff="monospace" size="sm">
            {code.code}
          </Text>
          <CopyButton value={code.code}>
            {({ copied, copy }) => (
              <Button size="xs" variant="subtle" onClick={copy}>
                {copied ? t("codes.copied") : t("codes.copy")} <VisuallyHidden>{code.code}</VisuallyHidden>
              </Button>
            )}
          </CopyButton>
        </Group>
      ),
    },
    { header: t("codes.columns.kind"), cell: (code) => t(`codes.kind.${code.kind}`) },
    { header: t("codes.columns.value"), cell: worth },
    {
      header: t("codes.columns.uses"),
      cell: (code) =>
        code.maxUses === null
          ? t("codes.usesUnlimited", { uses: code.uses })
          : t("codes.usesOf", { uses: code.uses, max: code.maxUses }),
    },
    {
      header: t("codes.columns.expiresAt"),
      cell: (code) => (code.expiresAt === null ? t("codes.never") : formats.date(code.expiresAt)),
    },
    { header: t("status.heading"), cell: (code) => t(`status.${statusOf(code, now)}`) },
    archiving.archive,
  ];
  return (
    <AdminTable list="codes" query={query} columns={columns} rowKey={(code) => code.id} minWidth={900} />
  );
}
