import { Button, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { WIDTHS_PX } from "../../domain/limits.ts";
import { Dialog } from "../components/dialogs/Dialog.tsx";
import { SubscribeFlow } from "../features/billing/SubscribeFlow.tsx";
import { useBillingSettings } from "../session/billingSettings.ts";
import { MY_SUBSCRIPTION_PATH } from "../session/homeRoute.ts";

export interface SplashSubscribeModalProps {
  opened: boolean;
  /** Close (and Escape): the reader has seen it; the server is told not to show it again. */
  onClose: () => void;
  /** Following the link hides the modal for now, without turning it off for good. */
  onFollowLink: () => void;
}

/**
 * Spec's mobile "subscribe" pop-up (370 px): what a subscription unlocks and, when this server
 * sells subscriptions, the spec's flow right here (currency, plan, payment, or a code), with its
 * Congratulations and Oops messages. The full page stays one link away.
 */
export function SplashSubscribeModal({ opened, onClose, onFollowLink }: SplashSubscribeModalProps) {
  const { t } = useTranslation("account");
  const publishableKey = useBillingSettings().data?.publishableKey ?? null;
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={t("mobileSubscribe.title")}
      size={WIDTHS_PX.mobilePopup}
      withCloseButton={false}
      closeOnClickOutside={false}
      centered
    >
      <Stack gap="lg">
        <Text>{t("mobileSubscribe.body")}</Text>
        {publishableKey !== null ? (
          // The flow turns the pop-up off on the server after a subscription or a code.
          <SubscribeFlow publishableKey={publishableKey} locked={false} />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t("actions.close")}
          </Button>
          <Button component={Link} to={MY_SUBSCRIPTION_PATH} onClick={onFollowLink} data-autofocus>
            {t("mobileSubscribe.link")}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
