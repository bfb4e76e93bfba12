import { Button, Group, NumberInput, Stack } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formError } from "../../api/errorMessages.ts";
import { FormDialog } from "../../components/dialogs/FormDialog.tsx";
import { EmailText } from "../../components/EmailText.tsx";
import type { TableColumn } from "../../components/PagedTable.tsx";
import { SearchField, usePagedSearch } from "../../components/SearchField.tsx";
import { useBillingSettings } from "../../session/billingSettings.ts";
import { showToast } from "../../shell/toast.ts";
import { AdminScreen } from "./AdminScreen.tsx";
import { AdminTable } from "./AdminTable.tsx";
import { type AdminCompanyRow, useAdminCompanies, useSetSeats } from "./adminApi.ts";
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
  const [editing, setEditing] = useState<AdminCompanyRow | null>(null);
  const columns: TableColumn<AdminCompanyRow>[] = [
    { header: t("companies.columns.name"), cell: (company) => company.name },
    { header: t("companies.columns.email"), cell: (company) => <EmailText email={company.email} /> },
    {
      header: t("companies.columns.seats"),
      cell: ({ seats }) =>
        seats.bought === null
          ? t("companies.seatsUnlimited", { used: seats.used })
          : t("companies.seatsOf", { used: seats.used, bought: seats.bought }),
    },
    {
      header: t("companies.columns.members"),
      cell: ({ members }) =>
        t("companies.memberCounts", {
          active: t("companies.members.active", { count: members.active }),
          invited: t("companies.members.invited", { count: members.invited }),
          deactivated: t("companies.members.deactivated", { count: members.deactivated }),
        }),
    },
    {
      header: t("companies.columns.plan"),
      cell: ({ subscription }) =>
        subscription === null ? "—" : `${subscription.product?.name ?? ""} (${subscription.status})`,
    },
    { header: t("companies.columns.createdAt"), cell: (company) => formats.date(company.createdAt) },
  ];
  const seatsAction: TableColumn<AdminCompanyRow> = {
    header: t("actions"),
    hideHeader: true,
    cell: (company) => (
      <Button variant="default" size="xs" onClick={() => setEditing(company)}>
        {t("companies.setSeatsFor", { name: company.name })}
      </Button>
    ),
  };
  return (
    <AdminScreen title={t("companies.heading")}>
      <SearchField label={t("companies.search")} value={search.text} onChange={search.setText} />
      <AdminTable
        list="companies"
        query={companies}
        columns={billingOff ? [...columns, seatsAction] : columns}
        rowKey={(company) => company.id}
        minWidth={760}
        paging={{ page: search.page, onChange: search.setPage }}
      />
      <FormDialog opened={editing !== null} title={t("companies.setSeats")} onClose={() => setEditing(null)}>
        {editing !== null ? <SeatsForm company={editing} onDone={() => setEditing(null)} /> : null}
      </FormDialog>
    </AdminScreen>
  );
}

/** Billing off: the seats allowed, or none for no limit. */
function SeatsForm({ company, onDone }: { company: AdminCompanyRow; onDone: () => void }) {
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
