import { Alert, Button, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useBillingSettings } from "../../session/billingSettings.ts";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { useSubscriptions } from "./billingApi.ts";
import { CardOnFile } from "./CardOnFile.tsx";
import { CodeEntry, type CodeOutcome } from "./CodeEntry.tsx";
import { CurrentPlan } from "./CurrentPlan.tsx";
import { DonationDialog } from "./DonationDialog.tsx";
import { DonationSection } from "./DonationSection.tsx";
import { Invoices } from "./Invoices.tsx";
import { OopsMessage, SubscribedMessage } from "./Outcome.tsx";
import { SubscribeFlow } from "./SubscribeFlow.tsx";

/** Statuses of a plan the account holds (paid, or waiting for its first payment). */
const HELD = new Set(["active", "trialing", "past_due", "incomplete"]);

/**
 * /dashboard/manage-account/my-subscription. With billing off: this server needs no subscription,
 * and codes still work. With Stripe: the current plan, the subscribe flow while there is none, the
 * card, the invoices; after a subscription, the donation dialog. In both, the chosen charity.
 */
export function MySubscriptionPage() {
  const { t } = useTranslation("billing");
  usePageTitle(t("heading"));
  const settings = useBillingSettings();
  const subscriptions = useSubscriptions();
  // Spec: the "subscription accepted" flag opens the donation dialog until it is answered.
  const [accepted, setAccepted] = useState(false);

  if (settings.isPending || subscriptions.isPending) return <PageLoader />;
  if (settings.isError || subscriptions.isError) {
    return (
      <Stack gap="lg" maw={720}>
        <Title order={1}>{t("heading")}</Title>
        <Alert color="red" title={t("loadFailed")}>
          <Button
            variant="default"
            mt="sm"
            onClick={() => {
              void settings.refetch();
              void subscriptions.refetch();
            }}
          >
            {t("retry")}
          </Button>
        </Alert>
      </Stack>
    );
  }

  // A company plan the account pays for is the company's, run on /b2b.
  const current = subscriptions.data.find(
    (item) => HELD.has(item.status) && item.provider !== "none" && item.product?.isB2B !== true,
  );
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t("heading")}</Title>
      {settings.data.mode === "off" || settings.data.publishableKey === null ? (
        <BillingOff />
      ) : (
        <>
          {current !== undefined && current.status !== "incomplete" ? (
            <CurrentPlan subscription={current} />
          ) : null}
          <Paper withBorder p="lg">
            <Stack gap="md">
              <Title order={2} size="h3">
                {t("plan.heading")}
              </Title>
              {current !== undefined && current.status !== "incomplete" ? (
                <Text size="sm">{t("plan.locked")}</Text>
              ) : null}
              <SubscribeFlow
                publishableKey={settings.data.publishableKey}
                locked={current !== undefined && current.status !== "incomplete"}
                onSubscribed={() => setAccepted(true)}
              />
            </Stack>
          </Paper>
          {subscriptions.data.some((item) => item.provider === "stripe") ? (
            <>
              <CardOnFile publishableKey={settings.data.publishableKey} />
              <Invoices />
            </>
          ) : null}
        </>
      )}
      <DonationSection />
      <DonationDialog
        opened={accepted}
        onClose={() => setAccepted(false)}
        dismissLabel={t("donation.later")}
      />
    </Stack>
  );
}

/** A family's own copy: nothing to buy; a code still grants what it grants. */
function BillingOff() {
  const { t } = useTranslation("billing");
  const [outcome, setOutcome] = useState<CodeOutcome | null>(null);
  return (
    <>
      <Paper withBorder p="lg">
        <Text fw={600}>{t("off.heading")}</Text>
        <Text mt="xs">{t("off.body")}</Text>
      </Paper>
      <Paper withBorder p="lg">
        <Stack gap="md">
          <Title order={2} size="h3">
            {t("code.heading")}
          </Title>
          {outcome === "granted" ? <SubscribedMessage /> : null}
          {outcome === "failed" ? <OopsMessage onBack={() => setOutcome(null)} /> : null}
          {outcome !== "failed" ? <CodeEntry onOutcome={setOutcome} /> : null}
        </Stack>
      </Paper>
    </>
  );
}
