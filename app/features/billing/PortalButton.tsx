import { Alert, Button, Stack } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { PortalBody } from "../../../domain/schemas/subscription.ts";
import { errorMessage } from "../../api/errorMessages.ts";
import { usePortal } from "./billingApi.ts";

/**
 * Stripe's customer portal (the card, invoices and receipts, cancelling at period end) for the
 * account's own plan or its company's; Stripe brings the person back to this page. When Stripe
 * cannot be reached, the page says so and the button stays to try again.
 */
export function PortalButton({ whose }: { whose: PortalBody["for"] }) {
  const { t } = useTranslation("billing");
  const portal = usePortal();
  const { pathname } = useLocation();
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        variant="default"
        rightSection={<IconExternalLink size={16} aria-hidden="true" />}
        loading={portal.isPending || portal.isSuccess}
        onClick={() => portal.mutate({ returnPath: pathname, for: whose })}
      >
        {t("portal.open")}
      </Button>
      {portal.error ? (
        <Alert color="red" role="alert" title={t("portal.failed")}>
          {errorMessage(t, portal.error)}
        </Alert>
      ) : null}
    </Stack>
  );
}
