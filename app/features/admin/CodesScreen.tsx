import "@mantine/core/styles/Table.css";
import { Button, CopyButton, Group, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { BillingCode } from "../../../domain/schemas/subscription.ts";
import { FormDialog } from "../../components/dialogs/FormDialog.tsx";
import { Loaded } from "../../components/Loaded.tsx";
import { useBillingSettings } from "../../session/billingSettings.ts";
import { showToast } from "../../shell/toast.ts";
import { AdminScreen } from "./AdminScreen.tsx";
import { ArchiveAction } from "./ArchiveAction.tsx";
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
      <Loaded query={codes} failure={t("codes.loadFailed")}>
        {(items) => (items.length === 0 ? <Text>{t("codes.empty")}</Text> : <CodeTable items={items} />)}
      </Loaded>
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

function CodeTable({ items }: { items: BillingCode[] }) {
  const { t } = useTranslation("admin");
  const formats = useAdminFormats();
  const archive = adminCodes.useArchive();
  const now = Date.now();

  const worth = (code: BillingCode): string => {
    if (code.percentOff !== null) return formats.percent(code.percentOff);
    if (code.amountOff !== null)
      return `${formats.amount(code.amountOff)} ${code.currency?.toUpperCase() ?? ""}`;
    if (code.periodDays !== null) return t("codes.days", { count: code.periodDays });
    return "—";
  };

  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("codes.columns.code")}</Table.Th>
            <Table.Th scope="col">{t("codes.columns.kind")}</Table.Th>
            <Table.Th scope="col">{t("codes.columns.value")}</Table.Th>
            <Table.Th scope="col">{t("codes.columns.uses")}</Table.Th>
            <Table.Th scope="col">{t("codes.columns.expiresAt")}</Table.Th>
            <Table.Th scope="col">{t("status.heading")}</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t("actions")}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((code) => (
            <Table.Tr key={code.id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text component="code" ff="monospace" size="sm">
                    {code.code}
                  </Text>
                  <CopyButton value={code.code}>
                    {({ copied, copy }) => (
                      <Button size="xs" variant="subtle" onClick={copy}>
                        {copied ? t("codes.copied") : t("codes.copy")}{" "}
                        <VisuallyHidden>{code.code}</VisuallyHidden>
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              </Table.Td>
              <Table.Td>{t(`codes.kind.${code.kind}`)}</Table.Td>
              <Table.Td>{worth(code)}</Table.Td>
              <Table.Td>
                {code.maxUses === null
                  ? t("codes.usesUnlimited", { uses: code.uses })
                  : t("codes.usesOf", { uses: code.uses, max: code.maxUses })}
              </Table.Td>
              <Table.Td>{code.expiresAt === null ? t("codes.never") : formats.date(code.expiresAt)}</Table.Td>
              <Table.Td>{t(`status.${statusOf(code, now)}`)}</Table.Td>
              <Table.Td>
                {code.archived ? null : (
                  <ArchiveAction
                    name={code.code}
                    title={t("codes.archive.title")}
                    question={t("codes.archive.question", { code: code.code })}
                    done={t("codes.archive.done", { code: code.code })}
                    archive={() => archive.mutateAsync(code.id)}
                  />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
