import { Alert, Button, Loader, Radio, Select, Stack, Text } from "@mantine/core";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isPaymentCurrency, type PaymentCurrency } from "../../../domain/catalog/currencies.ts";
import type { Language } from "../../../domain/catalog/languages.ts";
import type { SubscriptionProduct } from "../../../domain/schemas/subscription.ts";
import {
  fetchSubscriptions,
  subscribe,
  turnOffMobileSplash,
  useCurrenciesOnSale,
  useProducts,
  useRefreshBilling,
} from "./billingApi.ts";
import { CodeEntry, type CodeOutcome } from "./CodeEntry.tsx";
import { money } from "./money.ts";
import { OopsMessage, SubscribedMessage } from "./Outcome.tsx";
import { StripeUnavailable } from "./StripeUnavailable.tsx";
import { useStripeJs } from "./stripe.ts";

type Stage =
  | { kind: "choosing"; discount: boolean }
  | { kind: "subscribed" }
  | { kind: "confirming" }
  | { kind: "failed"; detail: string | null };

export type SubscribeFlowProps = {
  publishableKey: string;
  /** The option selector is disabled while a subscription exists (spec section 5). */
  locked: boolean;
  /** After a success: My Subscription offers the donation dialog. */
  onSubscribed?: () => void;
  /** A company plan for this many seats (the company's /b2b): B2B plans, priced by the seat. */
  seats?: number;
};

/** "Family · $9.99 / month": the spec's option label (name, currency, amount, interval). */
function planLabel(product: SubscriptionProduct, lng: Language, per: (interval: string) => string): string {
  return `${product.name} · ${money(product.amount, product.currency, lng)} ${product.currency.toUpperCase()} ${per(product.interval)}`;
}

/**
 * The spec's subscribe flow, on My Subscription and in the mobile pop-up: a currency, its plans,
 * then Stripe's Payment Element (cards, wallets, Link). Kinfile creates the subscription, Stripe
 * takes the payment, and the list read back from the server says whether it is active.
 */
export function SubscribeFlow({ publishableKey, locked, onSubscribed, seats }: SubscribeFlowProps) {
  const { t, i18n } = useTranslation(["billing", "catalog"]);
  const lng = (i18n.resolvedLanguage === "fr" ? "fr" : "en") satisfies Language;
  const [currency, setCurrency] = useState<PaymentCurrency | null>(null);
  const [productId, setProductId] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: "choosing", discount: false });
  const currencies = useCurrenciesOnSale(seats !== undefined);
  const products = useProducts(currency, seats !== undefined);
  const quantity = seats ?? 1;
  const product = products.data?.find((candidate) => candidate.id === productId) ?? null;
  const stripe = useStripeJs(publishableKey);
  const onSale = currencies.data ?? [];
  // Nothing to buy, or no way to pay: said instead of an empty currency field.
  const nothingOnSale = currencies.isSuccess && onSale.length === 0 && !locked;
  const stripeFailed = stripe.isError && onSale.length > 0 && !locked;
  const per = (interval: string) => t(`billing:plan.per.${interval}`);

  const reset = (discount = false) => {
    setCurrency(null);
    setProductId(null);
    setStage({ kind: "choosing", discount });
  };

  const codeOutcome = (outcome: CodeOutcome, detail?: string) => {
    if (outcome === "discount") reset(true);
    else if (outcome === "granted") setStage({ kind: "subscribed" });
    else setStage({ kind: "failed", detail: detail ?? null });
  };

  if (stage.kind === "subscribed") return <SubscribedMessage />;
  if (stage.kind === "failed") return <OopsMessage detail={stage.detail} onBack={() => reset()} />;

  return (
    <Stack gap="md">
      {stage.kind === "choosing" && stage.discount ? (
        <Alert color="green" role="status">
          <Text size="sm">{t("billing:code.discountDone")}</Text>
          <Text size="sm" fw={600}>
            {t("billing:code.selectCurrency")}
          </Text>
        </Alert>
      ) : null}
      {currencies.isPending ? <Loader size="sm" aria-label={t("billing:loading")} /> : null}
      {currencies.isError ? <Alert color="red">{t("billing:plan.loadFailed")}</Alert> : null}
      {nothingOnSale ? (
        <Alert color="yellow" role="status">
          {t(seats === undefined ? "billing:plan.notOnSale" : "billing:plan.notOnSaleB2B")}
        </Alert>
      ) : null}
      {stripeFailed ? (
        <StripeUnavailable onRetry={() => void stripe.refetch()} retrying={stripe.isFetching} />
      ) : null}
      {onSale.length > 0 && !stripeFailed ? (
        <Select
          label={t("billing:plan.currency")}
          placeholder={t("billing:plan.currencyPlaceholder")}
          data={onSale.map((code) => ({ value: code, label: t(`catalog:currency.${code}`) }))}
          value={currency}
          onChange={(value) => {
            setCurrency(isPaymentCurrency(value) ? value : null);
            setProductId(null);
          }}
          disabled={locked}
          allowDeselect={false}
        />
      ) : null}
      {currency !== null && products.isPending ? (
        <Loader size="sm" aria-label={t("billing:loading")} />
      ) : null}
      {products.isError ? <Alert color="red">{t("billing:plan.loadFailed")}</Alert> : null}
      {products.data !== undefined && products.data.length === 0 ? (
        <Text>{t("billing:plan.none")}</Text>
      ) : null}
      {products.data !== undefined && products.data.length > 0 ? (
        <Radio.Group label={t("billing:plan.options")} value={productId} onChange={setProductId}>
          <Stack gap="xs" mt="xs">
            {products.data.map((option) => (
              <Radio
                key={option.id}
                value={option.id}
                label={planLabel(option, lng, per)}
                disabled={locked}
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      {product !== null && !locked ? (
        <Elements
          key={product.id}
          stripe={stripe.data ?? null}
          options={{
            mode: "subscription",
            amount: product.amount * quantity,
            currency: product.currency,
            locale: lng,
          }}
        >
          <PaymentForm
            product={product}
            seats={seats}
            onConfirming={() => setStage({ kind: "confirming" })}
            onDone={(active) => {
              if (active) {
                setStage({ kind: "subscribed" });
                onSubscribed?.();
              } else setStage({ kind: "choosing", discount: false });
            }}
            onFailed={(detail) => setStage({ kind: "failed", detail })}
          />
        </Elements>
      ) : null}
      {stage.kind === "confirming" ? <Text role="status">{t("billing:plan.confirming")}</Text> : null}
      {/* Codes are a person's: a voucher or a discount for their own plan. */}
      {!locked && seats === undefined ? <CodeEntry onOutcome={codeOutcome} /> : null}
    </Stack>
  );
}

function PaymentForm({
  product,
  seats,
  onConfirming,
  onDone,
  onFailed,
}: {
  product: SubscriptionProduct;
  seats: number | undefined;
  onConfirming: () => void;
  onDone: (active: boolean) => void;
  onFailed: (detail: string | null) => void;
}) {
  const { t } = useTranslation("billing");
  const stripe = useStripe();
  const elements = useElements();
  const refresh = useRefreshBilling();
  const [paying, setPaying] = useState(false);

  async function pay() {
    if (stripe === null || elements === null) return;
    setPaying(true);
    try {
      const submitted = await elements.submit();
      if (submitted.error) {
        // The Payment Element shows what to fix in its own fields.
        return;
      }
      onConfirming();
      const created = await subscribe(
        product.id,
        seats === undefined ? {} : { isB2B: true, productsCount: seats },
      );
      if (created.clientSecret !== null) {
        const confirmed = await stripe.confirmPayment({
          elements,
          clientSecret: created.clientSecret,
          confirmParams: { return_url: window.location.href },
          redirect: "if_required",
        });
        if (confirmed.error) {
          onFailed(confirmed.error.message ?? null);
          return;
        }
      }
      // The plan just made, whichever kind it is: a person may hold their own and a company's.
      const current = (await fetchSubscriptions()).find((item) => item.id === created.subscriptionId);
      await refresh();
      const active = current?.status === "active" || current?.status === "trialing";
      if (active) void turnOffMobileSplash().catch(() => {});
      onDone(active);
    } catch (error) {
      onFailed(error instanceof Error ? error.message : null);
    } finally {
      setPaying(false);
    }
  }

  return (
    <Stack gap="sm">
      <PaymentElement options={{ layout: "tabs" }} />
      {stripe === null ? (
        <Text size="sm" role="status">
          {t("plan.paymentLoading")}
        </Text>
      ) : (
        <Button onClick={() => void pay()} loading={paying} w="fit-content">
          {t("plan.pay")}
        </Button>
      )}
    </Stack>
  );
}
