import { Alert, Button, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Stripe.js could not load (blocked, offline): said plainly, with a way to try again. */
export function StripeUnavailable({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation("billing");
  return (
    <Alert color="red" role="alert" title={t("stripeUnavailable.title")}>
      <Text size="sm">{t("stripeUnavailable.body")}</Text>
      <Button variant="default" mt="sm" onClick={onRetry} loading={retrying}>
        {t("retry")}
      </Button>
    </Alert>
  );
}
