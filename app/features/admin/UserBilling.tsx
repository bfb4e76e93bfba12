import { List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { AdminUserDetail } from "../../../domain/schemas/admin.ts";
import { useAdminFormats } from "./useAdminFormats.ts";

/** What an admin reads of an account's billing, one section each: plan, codes, company, charity. */
export function UserBilling({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation(["admin", "billing"]);
  const formats = useAdminFormats();
  const plan = user.subscription;
  const planEnd =
    plan === null || plan.currentPeriodEnd === null
      ? null
      : t(plan.cancelAtPeriodEnd ? "users.billing.endsOn" : "users.billing.renewsOn", {
          date: formats.date(plan.currentPeriodEnd),
        });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Section title={t("users.billing.subscription")}>
        {plan === null ? (
          <Text>{t("users.billing.noSubscription")}</Text>
        ) : (
          <>
            <Text>
              {plan.product ?? t("users.billing.noProduct")} · {t(`billing:status.${plan.status}`)}
            </Text>
            {planEnd === null ? null : <Text size="sm">{planEnd}</Text>}
          </>
        )}
      </Section>
      <Section title={t("users.billing.codes")}>
        {user.codes.length === 0 ? (
          <Text>{t("users.billing.noCodes")}</Text>
        ) : (
          <List spacing={4} listStyleType="none">
            {user.codes.map((code) => (
              <List.Item key={`${code.code}-${code.redeemedAt}`}>
                <Text span ff="monospace" style={{ overflowWrap: "anywhere" }}>
                  {code.code}
                </Text>{" "}
                · {t(`codes.kind.${code.kind}`)} ·{" "}
                {t("users.billing.redeemedOn", { date: formats.date(code.redeemedAt) })}
              </List.Item>
            ))}
          </List>
        )}
      </Section>
      <Section title={t("users.billing.company")}>
        <Text>
          {user.company === null
            ? t("users.billing.noCompany")
            : `${user.company.name} · ${t(`users.billing.companyRole.${user.company.role}`)}`}
        </Text>
      </Section>
      <Section title={t("users.billing.donation")}>
        <Text>{user.donation === null ? t("users.billing.noDonation") : user.donation.name}</Text>
      </Section>
    </SimpleGrid>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap={4} style={{ overflowWrap: "anywhere" }}>
        <Title order={3} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
