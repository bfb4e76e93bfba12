import { Anchor, Paper, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../domain/catalog/languages.ts";
import { formatDay } from "../../../domain/dates.ts";
import { useInvoices } from "./billingApi.ts";
import { money } from "./money.ts";

/** Invoices, newest first, each linked to Stripe's hosted page (which has the PDF). */
export function Invoices() {
  const { t, i18n } = useTranslation("billing");
  const lng: Language = i18n.resolvedLanguage === "fr" ? "fr" : "en";
  const invoices = useInvoices(true);
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("invoices.heading")}
        </Title>
        {invoices.isPending ? <Text>{t("loading")}</Text> : null}
        {invoices.isError ? <Text c="red.8">{t("invoices.loadFailed")}</Text> : null}
        {invoices.data?.length === 0 ? <Text>{t("invoices.none")}</Text> : null}
        {invoices.data !== undefined && invoices.data.length > 0 ? (
          <Table.ScrollContainer minWidth={420} type="native">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("invoices.date")}</Table.Th>
                  <Table.Th>{t("invoices.number")}</Table.Th>
                  <Table.Th>{t("invoices.amount")}</Table.Th>
                  <Table.Th>{t("invoices.status")}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t("invoices.link")}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoices.data.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    <Table.Td>{formatDay(invoice.createdAt, lng)}</Table.Td>
                    <Table.Td>{invoice.number ?? "—"}</Table.Td>
                    <Table.Td>{money(invoice.amount, invoice.currency, lng)}</Table.Td>
                    <Table.Td>
                      {t(`invoices.statuses.${invoice.status}`, { defaultValue: invoice.status })}
                    </Table.Td>
                    <Table.Td>
                      {invoice.hostedInvoiceUrl ? (
                        <Anchor href={invoice.hostedInvoiceUrl} target="_blank" rel="noopener noreferrer">
                          {t("invoices.view", { number: invoice.number ?? "" })}
                        </Anchor>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>
    </Paper>
  );
}
