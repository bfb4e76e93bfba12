import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Progress.css";
import { Button, Group, NumberInput, Paper, Progress, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconFileSpreadsheet, IconPencil, IconUserPlus } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_PRODUCTS_COUNT } from "../../../domain/limits.ts";
import type { Company } from "../../../domain/schemas/company.ts";
import { FormDialog } from "../../components/dialogs/FormDialog.tsx";
import { useBillingSettings } from "../../session/billingSettings.ts";
import { SubscribeFlow } from "../billing/SubscribeFlow.tsx";
import { CompanyForm } from "./CompanyForm.tsx";
import { CompanyPlan } from "./CompanyPlan.tsx";
import { CsvInvite } from "./CsvInvite.tsx";
import { InviteForm } from "./InviteForm.tsx";
import { MembersTable } from "./MembersTable.tsx";
import { SeatsForm } from "./SeatsForm.tsx";

/**
 * A company admin's /b2b: the company, its seats and plan, the members and the ways to invite.
 * An invitation refused for want of seats offers the seat change, the missing number filled in.
 */
export function CompanyAdminView({ company }: { company: Company }) {
  const { t } = useTranslation("company");
  const [dialog, setDialog] = useState<"edit" | "invite" | "csv" | "seats" | null>(null);
  // Seats just bought: the panel stays to say so, though the company read back now has seats.
  const [bought, setBought] = useState(false);
  const [seatsWanted, setSeatsWanted] = useState(company.seats.bought ?? 1);
  const close = () => setDialog(null);
  const plan = company.seats.bought !== null && company.seats.bought > 0 ? company.subscription : null;
  const changeSeats = (missing: number) => {
    setSeatsWanted((company.seats.bought ?? 0) + missing);
    setDialog("seats");
  };
  const onNeedSeats = plan === null ? undefined : changeSeats;
  return (
    <Stack gap="lg">
      <Title order={1}>{company.name}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <CompanyDetails company={company} onEdit={() => setDialog("edit")} />
        <SeatGauge seats={company.seats} />
      </SimpleGrid>
      {plan === null ? null : <CompanyPlan plan={plan} onChangeSeats={() => changeSeats(0)} />}
      {company.seats.bought === 0 || bought ? (
        <BuySeats used={company.seats.used} bought={bought} onBought={() => setBought(true)} />
      ) : null}
      <FormDialog opened={dialog === "edit"} title={t("edit.title")} onClose={close}>
        <CompanyForm company={company} onDone={close} />
      </FormDialog>
      <Group gap="sm">
        <Button
          leftSection={<IconUserPlus size={18} aria-hidden="true" />}
          onClick={() => setDialog("invite")}
        >
          {t("invite.open")}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden="true" />}
          onClick={() => setDialog("csv")}
        >
          {t("csv.open")}
        </Button>
      </Group>
      <MembersTable />
      <FormDialog opened={dialog === "invite"} title={t("invite.title")} onClose={close}>
        <InviteForm onDone={close} {...(onNeedSeats === undefined ? {} : { onNeedSeats })} />
      </FormDialog>
      <FormDialog opened={dialog === "csv"} title={t("csv.title")} onClose={close}>
        <CsvInvite onDone={close} {...(onNeedSeats === undefined ? {} : { onNeedSeats })} />
      </FormDialog>
      <FormDialog opened={dialog === "seats"} title={t("seatsChange.title")} onClose={close}>
        <SeatsForm key={seatsWanted} initial={seatsWanted} used={company.seats.used} onDone={close} />
      </FormDialog>
    </Stack>
  );
}

function CompanyDetails({ company, onEdit }: { company: Company; onEdit: () => void }) {
  const { t } = useTranslation("company");
  const rows: [string, string | null][] = [
    [t("fields.email"), company.email],
    [t("fields.website"), company.website],
    [t("fields.phones"), company.phones.join(", ") || null],
    [t("fields.address"), company.address],
  ];
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} size="h4">
          {t("details.heading")}
        </Title>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPencil size={16} aria-hidden="true" />}
          onClick={onEdit}
        >
          {t("edit.open")}
        </Button>
      </Group>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: "anywhere" }}>
              {value ?? t("details.none")}
            </Text>
          </div>
        ))}
      </dl>
    </Paper>
  );
}

/** Seats used against seats bought (none bought: no limit with billing off). */
function SeatGauge({ seats }: { seats: Company["seats"] }) {
  const { t } = useTranslation("company");
  const label =
    seats.bought === null
      ? t("seats.unlimited", { count: seats.used })
      : seats.bought === 0
        ? t("seats.none", { count: seats.used })
        : t("seats.used", { used: seats.used, count: seats.bought });
  const value = seats.bought ? Math.min(100, (seats.used / seats.bought) * 100) : 0;
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t("seats.heading")}
        </Title>
        {seats.bought !== null ? (
          <Progress.Root size="lg">
            <Progress.Section value={value} aria-label={label} />
          </Progress.Root>
        ) : null}
        <Text>{label}</Text>
      </Stack>
    </Paper>
  );
}

/**
 * With Stripe and no company plan running: the company plan, bought by the seat through the same
 * flow as a person's plan (currency, plan, Stripe's Payment Element).
 */
function BuySeats({ used, bought, onBought }: { used: number; bought: boolean; onBought: () => void }) {
  const { t } = useTranslation("company");
  const publishableKey = useBillingSettings().data?.publishableKey ?? null;
  const queryClient = useQueryClient();
  const [seats, setSeats] = useState<number>(Math.max(used, 1));
  if (publishableKey === null) return null;
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t("buy.heading")}
        </Title>
        {bought ? null : (
          <>
            <Text size="sm">{t("buy.intro")}</Text>
            <NumberInput
              label={t("buy.seats")}
              min={Math.max(used, 1)}
              max={MAX_PRODUCTS_COUNT}
              allowDecimal={false}
              allowNegative={false}
              value={seats}
              onChange={(value) => setSeats(typeof value === "number" ? value : Math.max(used, 1))}
              maw={200}
            />
          </>
        )}
        <SubscribeFlow
          publishableKey={publishableKey}
          locked={false}
          seats={seats}
          onSubscribed={() => {
            onBought();
            void queryClient.invalidateQueries({ queryKey: ["b2b"] });
          }}
        />
      </Stack>
    </Paper>
  );
}
