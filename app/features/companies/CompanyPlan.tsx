import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconUsersPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../domain/catalog/languages.ts";
import type { Subscription } from "../../../domain/schemas/subscription.ts";
import { money } from "../billing/money.ts";
import { PortalButton } from "../billing/PortalButton.tsx";
import { RenewalLine } from "../billing/RenewalLine.tsx";

/**
 * The running company plan on /b2b: its price by the seat, the next renewal and its amount (or
 * the day it ends), the seat change, and Stripe's portal for the card, invoices and cancelling.
 */
export function CompanyPlan({ plan, onChangeSeats }: { plan: Subscription; onChangeSeats: () => void }) {
  const { t, i18n } = useTranslation(["company", "billing"]);
  const lng: Language = i18n.resolvedLanguage === "fr" ? "fr" : "en";
  const product = plan.product;
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t("plan.heading")}
        </Title>
        {product === null ? null : (
          <Text fw={600}>
            {t("plan.perSeat", {
              name: product.name,
              price: money(product.amount, product.currency, lng),
              interval: t(`billing:plan.per.${product.interval}`),
            })}
          </Text>
        )}
        <RenewalLine subscription={plan} />
        <Group gap="sm" align="flex-start">
          <Button leftSection={<IconUsersPlus size={18} aria-hidden="true" />} onClick={onChangeSeats}>
            {t("seatsChange.open")}
          </Button>
          <PortalButton whose="company" />
        </Group>
      </Stack>
    </Paper>
  );
}
