import { Alert, Anchor, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The spec's success panel: "Congratulations!" / "You have successfully subscribed.". */
export function SubscribedMessage() {
  const { t } = useTranslation("billing");
  return (
    <Alert color="green" title={t("outcome.successTitle")} role="status">
      {t("outcome.successBody")}
    </Alert>
  );
}

/**
 * The spec's failure panel: "Oops!", the apology, "Please try again later." and a Back link that
 * resets the flow and clears the error. A payment provider's own words come under it.
 */
export function OopsMessage({ detail, onBack }: { detail?: string | null; onBack: () => void }) {
  const { t } = useTranslation("billing");
  return (
    <Alert color="red" title={t("outcome.oopsTitle")} role="alert">
      <Stack gap={4}>
        <Text size="sm">{t("outcome.oopsBody")}</Text>
        <Text size="sm">{t("outcome.oopsLater")}</Text>
        {detail ? <Text size="sm">{detail}</Text> : null}
        <Anchor
          component="button"
          type="button"
          onClick={onBack}
          underline="always"
          w="fit-content"
          c="inherit"
          fw={600}
        >
          {t("outcome.back")}
        </Anchor>
      </Stack>
    </Alert>
  );
}
