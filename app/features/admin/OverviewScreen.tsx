import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Table.css";
import { Alert, Anchor, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "../../../domain/dates.ts";
import type { AdminOverview } from "../../../domain/schemas/admin.ts";
import { Loaded } from "../../components/Loaded.tsx";
import { ScrollableTable } from "../../components/ScrollableTable.tsx";
import { currentLanguage } from "../../i18n/i18n.ts";
import { AdminScreen } from "./AdminScreen.tsx";
import { useAdminOverview } from "./adminApi.ts";
import { adminPath } from "./paths.ts";

/** /admin/overview: the platform at a glance; counts and sums, never a person's data. */
export function OverviewScreen() {
  const { t } = useTranslation("admin");
  const overview = useAdminOverview();
  return (
    <AdminScreen title={t("overview.heading")}>
      <Loaded query={overview} failure={t("overview.loadFailed")}>
        {(data) => (
          <Stack gap="lg">
            {data.nothingOnSale ? <NothingOnSale /> : null}
            <Figures data={data} />
            <Plans data={data} />
            <Weeks data={data} />
          </Stack>
        )}
      </Loaded>
    </AdminScreen>
  );
}

/** Billing on with no plan on sale: locked sections send people to a page with nothing to buy. */
function NothingOnSale() {
  const { t } = useTranslation("admin");
  return (
    // The neutral variant: a coloured title on a light ground falls short of WCAG contrast.
    <Alert color="orange" variant="default" title={t("overview.nothingOnSaleTitle")}>
      <Text size="sm">{t("overview.nothingOnSale")}</Text>
      <Anchor component={Link} to={adminPath("products")} size="sm" fw={600}>
        {t("overview.addProduct")}
      </Anchor>
    </Alert>
  );
}

function useMoney() {
  const { i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  return (amount: number, currency: string) =>
    new Intl.NumberFormat(lng === "fr" ? "fr-CA" : "en-CA", {
      style: "currency",
      currency: currency.toUpperCase(),
    }).format(amount / 100);
}

function Figures({ data }: { data: AdminOverview }) {
  const { t } = useTranslation("admin");
  const money = useMoney();
  const figures: [string, string][] = [
    [t("overview.users"), String(data.users)],
    [t("overview.verifiedUsers"), String(data.verifiedUsers)],
    [t("overview.companies"), String(data.companies)],
    [t("overview.seatsUsed"), String(data.seatsUsed)],
    [
      t("overview.mrr"),
      data.monthlyRecurringRevenue.length === 0
        ? "—"
        : data.monthlyRecurringRevenue.map((row) => money(row.amount, row.currency)).join(" · "),
    ],
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md" component="dl" m={0}>
      {figures.map(([label, value]) => (
        <Paper withBorder p="md" key={label}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fz="xl" fw={700}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function Plans({ data }: { data: AdminOverview }) {
  const { t } = useTranslation("admin");
  return (
    <Stack gap="xs">
      <Title order={3}>{t("overview.plans")}</Title>
      {data.subscriptions.length === 0 ? (
        <Text>{t("overview.noPlans")}</Text>
      ) : (
        <ScrollableTable minWidth={480} label={t("overview.plans")}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("products.columns.currency")}</Table.Th>
                <Table.Th scope="col">{t("products.columns.name")}</Table.Th>
                <Table.Th scope="col">{t("products.columns.interval")}</Table.Th>
                <Table.Th scope="col">{t("overview.running")}</Table.Th>
                <Table.Th scope="col">{t("overview.seats")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.subscriptions.map((plan) => (
                <Table.Tr key={`${plan.currency}-${plan.plan}-${plan.interval}`}>
                  <Table.Td>{plan.currency.toUpperCase()}</Table.Td>
                  <Table.Td>{plan.plan}</Table.Td>
                  <Table.Td>{t(`interval.${plan.interval}`)}</Table.Td>
                  <Table.Td>{plan.count}</Table.Td>
                  <Table.Td>{plan.seats}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollableTable>
      )}
    </Stack>
  );
}

/** The weeks as a table whose cells carry bars: read as a chart, heard as a table. */
function Weeks({ data }: { data: AdminOverview }) {
  const { t, i18n } = useTranslation("admin");
  const top = Math.max(1, ...data.weeks.flatMap((week) => [week.signUps, week.subscriptions]));
  const bar = (value: number, color: string) => (
    <div style={{ display: "flex", alignItems: "center", gap: 8 }}>
      <div
        aria-hidden="true"
        style={{
          width: `${(value / top) * 100}%`,
          minWidth: value > 0 ? 4 : 0,
          maxWidth: 160,
          height: 12,
          borderRadius: 2,
          background: `var(--mantine-color-${color}-filled)`,
        }}
      />
      <span>{value}</span>
    </div>
  );
  return (
    <Stack gap="xs">
      <Title order={3}>{t("overview.weeks")}</Title>
      <ScrollableTable minWidth={420} label={t("overview.weeks")}>
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("overview.week")}</Table.Th>
              <Table.Th scope="col">{t("overview.signUps")}</Table.Th>
              <Table.Th scope="col">{t("overview.newSubscriptions")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.weeks.map((week) => (
              <Table.Tr key={week.weekStart}>
                <Table.Th scope="row" fw={400}>
                  {formatDate(week.weekStart, currentLanguage(i18n))}
                </Table.Th>
                <Table.Td w="40%">{bar(week.signUps, "blue")}</Table.Td>
                <Table.Td w="40%">{bar(week.subscriptions, "green")}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollableTable>
    </Stack>
  );
}
