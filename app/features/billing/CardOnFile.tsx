import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessages.ts";
import { showToast } from "../../shell/toast.ts";
import { makeCardDefault, startCardSetup, useCard, useRefreshBilling } from "./billingApi.ts";
import { StripeUnavailable } from "./StripeUnavailable.tsx";
import { useStripeJs } from "./stripe.ts";

/** The card on file (brand, last 4, expiry: never more) and its replacement through a SetupIntent. */
export function CardOnFile({ publishableKey }: { publishableKey: string }) {
  const { t } = useTranslation("billing");
  const card = useCard(true);
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stripe = useStripeJs(publishableKey);

  async function replace() {
    setError(null);
    try {
      setClientSecret((await startCardSetup()).clientSecret);
    } catch (failure) {
      setError(errorMessage(t, failure));
    }
  }

  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("card.heading")}
        </Title>
        {card.isPending ? <Text>{t("loading")}</Text> : null}
        {card.data === null ? <Text>{t("card.none")}</Text> : null}
        {card.data ? (
          <Text>
            {t("card.summary", {
              brand: card.data.brand.toUpperCase(),
              last4: card.data.last4,
              month: String(card.data.expMonth).padStart(2, "0"),
              year: card.data.expYear,
            })}
          </Text>
        ) : null}
        {error ? <Alert color="red">{error}</Alert> : null}
        {clientSecret === null ? (
          card.data ? (
            <Button variant="default" w="fit-content" onClick={() => void replace()}>
              {t("card.replace")}
            </Button>
          ) : null
        ) : stripe.isError ? (
          <StripeUnavailable onRetry={() => void stripe.refetch()} retrying={stripe.isFetching} />
        ) : (
          <Elements stripe={stripe.data ?? null} options={{ clientSecret }}>
            <ReplaceCardForm onDone={() => setClientSecret(null)} onFailed={setError} />
          </Elements>
        )}
      </Stack>
    </Paper>
  );
}

function ReplaceCardForm({
  onDone,
  onFailed,
}: {
  onDone: () => void;
  onFailed: (message: string | null) => void;
}) {
  const { t } = useTranslation("billing");
  const stripe = useStripe();
  const elements = useElements();
  const refresh = useRefreshBilling();
  const [saving, setSaving] = useState(false);

  async function save() {
    if (stripe === null || elements === null) return;
    setSaving(true);
    try {
      const result = await stripe.confirmSetup({ elements, redirect: "if_required" });
      if (result.error) {
        onFailed(result.error.message ?? null);
        return;
      }
      await makeCardDefault(result.setupIntent.id);
      await refresh();
      showToast(t("card.replaced"));
      onDone();
    } catch (failure) {
      onFailed(errorMessage(t, failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="sm">
      <PaymentElement />
      <Group gap="sm">
        <Button onClick={() => void save()} loading={saving} disabled={stripe === null}>
          {t("card.save")}
        </Button>
        <Button variant="default" onClick={onDone}>
          {t("card.cancel")}
        </Button>
      </Group>
    </Stack>
  );
}
