import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../domain/catalog/languages.ts";
import { formatDay } from "../../../domain/dates.ts";
import type { Subscription } from "../../../domain/schemas/subscription.ts";
import { errorMessage, formError } from "../../api/errorMessages.ts";
import { showToast } from "../../shell/toast.ts";
import { ConfirmDialog } from "../account/ConfirmDialog.tsx";
import { type SubscriptionAction, useProducts, useSubscriptionAction } from "./billingApi.ts";
import { money } from "./money.ts";
import { PortalButton } from "./PortalButton.tsx";
import { RenewalLine } from "./RenewalLine.tsx";

/**
 * The current plan: what it is, when it renews and for how much (or ends, once cancelled), cancel
 * at period end with undo until then, a change of plan in the same currency (Stripe prorates it),
 * and Stripe's portal for the card and receipts. A free period from a code shows its end and
 * nothing to manage.
 */
export function CurrentPlan({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation("billing");
  const lng: Language = i18n.resolvedLanguage === "fr" ? "fr" : "en";
  const action = useSubscriptionAction();
  const [confirming, setConfirming] = useState<"cancel" | "change" | null>(null);
  const [newProduct, setNewProduct] = useState<string | null>(null);
  const product = subscription.product;
  const others =
    useProducts(product?.currency ?? null).data?.filter((option) => option.id !== product?.id) ?? [];
  const stripeManaged = subscription.provider === "stripe";
  const end = subscription.currentPeriodEnd;

  const run = (request: SubscriptionAction) => {
    action.mutate(request, {
      onSuccess: () => {
        setConfirming(null);
        showToast(t(`current.${request.kind}Done`));
      },
    });
  };
  const cancel = () => run({ kind: "cancel", id: subscription.id });
  const change = () => {
    if (newProduct !== null) run({ kind: "change", id: subscription.id, productId: newProduct });
  };

  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3">
            {t("current.heading")}
          </Title>
          <Badge color={subscription.status === "active" ? "green.9" : "gray.8"}>
            {t(`status.${subscription.status}`)}
          </Badge>
        </Group>
        <Text fw={600}>
          {product === null
            ? t("current.codePlan")
            : `${product.name} · ${money(product.amount, product.currency, lng)} ${t(`plan.per.${product.interval}`)}`}
        </Text>
        <RenewalLine subscription={subscription} />
        {action.error ? <Alert color="red">{errorMessage(t, action.error)}</Alert> : null}
        {stripeManaged && (subscription.status === "active" || subscription.status === "past_due") ? (
          <Group gap="sm" wrap="wrap">
            {subscription.cancelAtPeriodEnd ? (
              <Button
                variant="default"
                onClick={() => run({ kind: "resume", id: subscription.id })}
                loading={action.isPending}
              >
                {t("current.resume")}
              </Button>
            ) : (
              <Button variant="default" color="red" onClick={() => setConfirming("cancel")}>
                {t("current.cancel")}
              </Button>
            )}
          </Group>
        ) : null}
        {stripeManaged ? <PortalButton whose="account" /> : null}
        {stripeManaged && subscription.status === "active" && others.length > 0 ? (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t("current.changeLabel")}
              data={others.map((option) => ({
                value: option.id,
                label: `${option.name} · ${money(option.amount, option.currency, lng)} ${t(`plan.per.${option.interval}`)}`,
              }))}
              value={newProduct}
              onChange={setNewProduct}
              style={{ flex: "1 1 14rem" }}
            />
            <Button variant="default" disabled={newProduct === null} onClick={() => setConfirming("change")}>
              {t("current.change")}
            </Button>
          </Group>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        title={t(confirming === "change" ? "current.changeTitle" : "current.cancelTitle")}
        body={
          confirming === "change"
            ? t("current.changeBody")
            : t("current.cancelBody", { date: end === null ? "" : formatDay(end, lng) })
        }
        confirmLabel={t(confirming === "change" ? "current.change" : "current.cancel")}
        onConfirm={confirming === "change" ? change : cancel}
        onCancel={() => setConfirming(null)}
        pending={action.isPending}
        error={formError(t, action.error)}
      />
    </Paper>
  );
}
