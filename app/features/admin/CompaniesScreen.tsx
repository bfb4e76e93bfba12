import "@mantine/core/styles/Table.css";
import { Button, Group, NumberInput, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminCompany } from "../../../domain/schemas/company.ts";
import { formError } from "../../api/errorMessages.ts";
import { FormDialog } from "../../components/dialogs/FormDialog.tsx";
import { EmailText } from "../../components/EmailText.tsx";
import { ListPagination } from "../../components/ListPagination.tsx";
import { Loaded } from "../../components/Loaded.tsx";
import { SearchField, usePagedSearch } from "../../components/SearchField.tsx";
import { useBillingSettings } from "../../session/billingSettings.ts";
import { showToast } from "../../shell/toast.ts";
import { AdminScreen } from "./AdminScreen.tsx";
import { useAdminCompanies, useSetSeats } from "./adminApi.ts";
import { useAdminFormats } from "./useAdminFormats.ts";

const PAGE_SIZE = 20;

/**
 * /admin/companies: every company, its seats and its members counted by status (never who they
 * are), and, with billing off, the seats an admin allows.
 */
export function CompaniesScreen() {
  const { t } = useTranslation("admin");
  const formats = useAdminFormats();
  const billingOff = useBillingSettings().data?.mode === "off";
  const search = usePagedSearch();
  const companies = useAdminCompanies(search.sent, search.page, PAGE_SIZE);
  const [editing, setEditing] = useState<AdminCompany | null>(null);
  return (
    <AdminScreen title={t("companies.heading")}>
      <SearchField label={t("companies.search")} value={search.text} onChange={search.setText} />
      <Loaded query={companies} failure={t("companies.loadFailed")}>
        {(result) =>
          result.content.length === 0 ? (
            <Text>{t("companies.empty")}</Text>
          ) : (
            <Stack gap="sm">
              <Table.ScrollContainer minWidth={760} type="native">
                <Table verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t("companies.columns.name")}</Table.Th>
                      <Table.Th scope="col">{t("companies.columns.email")}</Table.Th>
                      <Table.Th scope="col">{t("companies.columns.seats")}</Table.Th>
                      <Table.Th scope="col">{t("companies.columns.members")}</Table.Th>
                      <Table.Th scope="col">{t("companies.columns.plan")}</Table.Th>
                      <Table.Th scope="col">{t("companies.columns.createdAt")}</Table.Th>
                      {billingOff ? (
                        <Table.Th scope="col">
                          <VisuallyHidden>{t("actions")}</VisuallyHidden>
                        </Table.Th>
                      ) : null}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.content.map((company) => (
                      <Table.Tr key={company.id}>
                        <Table.Td>{company.name}</Table.Td>
                        <Table.Td>
                          <EmailText email={company.email} />
                        </Table.Td>
                        <Table.Td>
                          {company.seats.bought === null
                            ? t("companies.seatsUnlimited", { used: company.seats.used })
                            : t("companies.seatsOf", {
                                used: company.seats.used,
                                bought: company.seats.bought,
                              })}
                        </Table.Td>
                        <Table.Td>
                          {t("companies.memberCounts", {
                            active: t("companies.members.active", { count: company.members.active }),
                            invited: t("companies.members.invited", { count: company.members.invited }),
                            deactivated: t("companies.members.deactivated", {
                              count: company.members.deactivated,
                            }),
                          })}
                        </Table.Td>
                        <Table.Td>
                          {company.subscription === null
                            ? "—"
                            : `${company.subscription.product?.name ?? ""} (${company.subscription.status})`}
                        </Table.Td>
                        <Table.Td>{formats.date(company.createdAt)}</Table.Td>
                        {billingOff ? (
                          <Table.Td>
                            <Button variant="default" size="xs" onClick={() => setEditing(company)}>
                              {t("companies.setSeatsFor", { name: company.name })}
                            </Button>
                          </Table.Td>
                        ) : null}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <ListPagination
                page={search.page}
                totalPages={result.totalPages}
                onChange={search.setPage}
                label={t("companies.pages")}
              />
            </Stack>
          )
        }
      </Loaded>
      <FormDialog opened={editing !== null} title={t("companies.setSeats")} onClose={() => setEditing(null)}>
        {editing !== null ? <SeatsForm company={editing} onDone={() => setEditing(null)} /> : null}
      </FormDialog>
    </AdminScreen>
  );
}

/** Billing off: the seats allowed, or none for no limit. */
function SeatsForm({ company, onDone }: { company: AdminCompany; onDone: () => void }) {
  const { t } = useTranslation("admin");
  const setSeats = useSetSeats();
  const [value, setValue] = useState<number | string>(company.seats.bought ?? "");
  const seatLimit = value === "" ? null : Number(value);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setSeats.mutate(
          { id: company.id, seatLimit },
          {
            onSuccess: () => {
              showToast(t("companies.seatsSaved", { name: company.name }));
              onDone();
            },
          },
        );
      }}
    >
      <Stack gap="md">
        <NumberInput
          label={t("companies.seatLimit")}
          description={t("companies.seatLimitHint")}
          min={1}
          max={100_000}
          allowDecimal={false}
          allowNegative={false}
          value={value}
          onChange={setValue}
          error={formError(t, setSeats.error)}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t("cancel")}
          </Button>
          <Button type="submit" loading={setSeats.isPending}>
            {t("companies.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
